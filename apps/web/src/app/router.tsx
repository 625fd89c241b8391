import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RequireLogin } from './guards/require-login';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

// Every page is loaded lazily, as its own chunk; the layout, guards and error pages are in the entry.
// (The function form of `lazy`: React Router rewrites the object form in place, which breaks a second router.)
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        // Errors inside a page keep the header and footer around them.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/routes/home')).HomeRoute }),
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await import('../features/accounts/routes/register')).RegisterRoute,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/accounts/routes/login')).LoginRoute }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/accounts/routes/forgot-password')).ForgotPasswordRoute,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/accounts/routes/reset-password')).ResetPasswordRoute,
            }),
          },
          {
            element: <RequireLogin />,
            children: [
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('../features/profiles/routes/profile')).ProfileRoute,
                }),
              },
            ],
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { lazy, Suspense } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RequireAdmin } from './guards/require-admin';
import { RequireLogin } from './guards/require-login';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';
import { isHydrated } from '../hooks/use-hydrated';
import { i18n } from '../i18n/i18n';
import { loadChunk } from '../lib/load-chunk';
import type { RouteHandle } from '../hooks/use-route-heading';
import { conversationHandle } from '../features/messages/routes/conversation-handle';

// The home page's impact counter (decision 025): a chunk of its own; should it fail to load (offline), the
// home page shows without it.
const ImpactCounter = lazy(() =>
  import('../features/impact/components/impact-counter').catch(() => ({ default: () => null })),
);
function LazyImpactCounter() {
  return (
    <Suspense fallback={null}>
      <ImpactCounter />
    </Suspense>
  );
}

// The heading a login-only or admin page is drawn with before the browser knows its reader (decision 065).
const heading = (key: RouteHandle['heading']): RouteHandle => ({ heading: key });

// Every page is loaded lazily, as its own chunk; the layout, guards and error pages are in the entry, with the
// conversation's route handle (a few words' keys).
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
            lazy: async () => {
              const { HomeRoute } = await loadChunk(() => import('../features/products/routes/home'));
              // The impact counter (decision 025) is its own small chunk, fetched after the page is drawn.
              return { Component: () => <HomeRoute impactCounter={<LazyImpactCounter />} /> };
            },
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/accounts/routes/register')))
                .RegisterRoute,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/accounts/routes/login'))).LoginRoute,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/accounts/routes/forgot-password')))
                .ForgotPasswordRoute,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/accounts/routes/reset-password')))
                .ResetPasswordRoute,
            }),
          },
          // listings: public routes (home is above)
          {
            path: 'product/:id',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/products/routes/product'))).ProductRoute,
            }),
          },
          {
            path: 'search',
            lazy: async () => ({
              Component: (await loadChunk(() => import('./routes/search-page'))).SearchPage,
            }),
          },
          // reviews: the public seller page (issue #14)
          {
            path: 'seller/:username',
            lazy: async () => ({
              Component: (await loadChunk(() => import('./routes/seller-page'))).SellerPage,
            }),
          },
          // shipping: the courier rate tester (spec §2, visitor)
          {
            path: 'about',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/impact/routes/about'))).AboutRoute,
            }),
          },
          {
            path: 'terms',
            lazy: async () => ({
              Component: (await loadChunk(() => import('./routes/legal-page'))).TermsRoute,
            }),
          },
          {
            path: 'privacy',
            lazy: async () => ({
              Component: (await loadChunk(() => import('./routes/legal-page'))).PrivacyRoute,
            }),
          },
          {
            path: 'goshiip',
            lazy: async () => ({
              Component: (await import('../features/shipping/routes/goshiip')).GoShiipRoute,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({ Component: (await import('../features/products/routes/cart')).CartRoute }),
          },
          // payments: public routes
          {
            path: 'confirmationPage',
            lazy: async () => ({
              Component: (await import('../features/payments/routes/confirmation')).ConfirmationRoute,
            }),
          },
          {
            element: <RequireLogin />,
            children: [
              // listings: login-required routes
              {
                path: 'upload',
                handle: heading('upload.pageTitle'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/products/routes/upload')))
                    .UploadRoute,
                }),
              },
              {
                path: 'my-products',
                handle: heading('myProducts.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/products/routes/my-products')))
                    .MyProductsRoute,
                }),
              },
              {
                path: 'my-products/:id/edit',
                handle: heading('myProducts.editTitle'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/products/routes/edit-product')))
                    .EditProductRoute,
                }),
              },
              // favourites and reviews: login-required routes (issue #14)
              {
                path: 'saved',
                handle: heading('favourites.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('./routes/saved-items-page'))).SavedItemsRoute,
                }),
              },
              {
                path: 'orders/:orderId/review',
                handle: heading('reviews.rateSeller'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/reviews/routes/rate-order')))
                    .RateOrderRoute,
                }),
              },
              // payouts: buyer protection's report and dispute pages (decision 058)
              {
                path: 'orders/:orderId/report-problem',
                handle: heading('protection.report.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/payouts/routes/report-problem')))
                    .ReportProblemRoute,
                }),
              },
              {
                path: 'disputes/:id',
                handle: heading('protection.dispute.pageTitle'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/payouts/routes/dispute')))
                    .DisputeRoute,
                }),
              },
              // notifications: login-required routes
              {
                path: 'notifications',
                handle: heading('notifications.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/notifications/routes/notifications')))
                    .NotificationsRoute,
                }),
              },
              // messages: login-required routes (decision 024)
              {
                path: 'messages',
                handle: heading('messages.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/messages/routes/conversations')))
                    .ConversationsRoute,
                }),
              },
              {
                path: 'messages/:id',
                handle: conversationHandle,
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/messages/routes/conversation')))
                    .ConversationRoute,
                }),
              },
              // offers: My offers (decision 061)
              {
                path: 'offers',
                handle: heading('offers.myOffers'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/offers/routes/my-offers')))
                    .MyOffersRoute,
                }),
              },
              // payments and transactions: login-required routes (buying needs an account: spec §6)
              {
                path: 'checkout',
                handle: heading('payments.checkout.title'),
                lazy: async () => ({
                  Component: (await import('../features/payments/routes/checkout')).CheckoutRoute,
                }),
              },
              {
                path: 'transaction-details',
                handle: heading('payments.details.title'),
                lazy: async () => ({
                  Component: (await import('../features/transactions/routes/transaction-details'))
                    .TransactionDetailsRoute,
                }),
              },
              {
                path: 'payment-history',
                handle: heading('payments.history.title'),
                lazy: async () => ({
                  Component: (await import('../features/transactions/routes/payment-history'))
                    .PaymentHistoryRoute,
                }),
              },
              {
                path: 'account-summary',
                handle: heading('payments.summary.title'),
                lazy: async () => ({
                  Component: (await import('../features/transactions/routes/account-summary'))
                    .AccountSummaryRoute,
                }),
              },
              // shipping: login-required routes
              {
                path: 'tracking',
                handle: heading('shipping.tracking.title'),
                lazy: async () => ({
                  Component: (await import('../features/shipping/routes/tracking')).TrackingRoute,
                }),
              },
              {
                path: 'profile',
                handle: heading('profile.title'),
                lazy: async () => ({
                  Component: (await loadChunk(() => import('./routes/profile-page'))).ProfilePage,
                }),
              },
            ],
          },
          // admin: routes (each behind RequireAdmin)
          {
            path: 'adminLogin',
            lazy: async () => ({
              Component: (await loadChunk(() => import('../features/admin/routes/admin-login')))
                .AdminLoginRoute,
            }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                // The admin navigation around every admin page; its own chunk, like each page.
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../features/admin/routes/admin-layout')))
                    .AdminLayoutRoute,
                }),
                children: [
                  {
                    path: 'adminDashboard',
                    handle: heading('admin.products.title'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('../features/admin/routes/admin-dashboard')))
                        .AdminDashboardRoute,
                    }),
                  },
                  {
                    path: 'admin/products/edit/:id',
                    handle: heading('admin.edit.pageTitle'),
                    lazy: async () => ({
                      Component: (
                        await loadChunk(() => import('../features/admin/routes/admin-product-edit'))
                      ).AdminProductEditRoute,
                    }),
                  },
                  {
                    path: 'admin/notifications',
                    handle: heading('admin.notifications.title'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('./routes/admin-notifications-page')))
                        .AdminNotificationsRoute,
                    }),
                  },
                  {
                    path: 'admin/conversations/:id',
                    handle: heading('messages.adminTitle'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('./routes/admin-conversation-page')))
                        .AdminConversationRoute,
                    }),
                  },
                  {
                    path: 'admin/users',
                    handle: heading('admin.users.title'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('../features/admin/routes/admin-users')))
                        .AdminUsersRoute,
                    }),
                  },
                  {
                    path: 'admin/disputes',
                    handle: heading('protection.admin.disputesTitle'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('./routes/admin-disputes-page')))
                        .AdminDisputesRoute,
                    }),
                  },
                  {
                    path: 'admin/disputes/:id',
                    handle: heading('protection.admin.disputesTitle'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('./routes/admin-disputes-page')))
                        .AdminDisputeRoute,
                    }),
                  },
                  {
                    path: 'admin/payouts',
                    handle: heading('protection.admin.payoutsTitle'),
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('./routes/admin-payouts-page')))
                        .AdminPayoutsRoute,
                    }),
                  },
                  {
                    path: 'admin/transactions',
                    handle: heading('admin.transactions.title'),
                    lazy: async () => ({
                      Component: (
                        await loadChunk(() => import('../features/admin/routes/admin-transactions'))
                      ).AdminTransactionsRoute,
                    }),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            // The server answers it with 404 (entry-server.tsx).
            handle: { status: 404 },
            lazy: async () => ({
              Component: (await loadChunk(() => import('./routes/not-found'))).NotFoundRoute,
            }),
          },
        ],
      },
    ],
  },
];

// A page opened once the app is ready waits for the whole words of its language too: the first view came
// with only the words it read (decision 072), which are all its hydration needs.
function withWholeWords(list: RouteObject[]): RouteObject[] {
  return list.map((route): RouteObject => {
    const { lazy, children } = route;
    const next = { ...route };
    if (typeof lazy === 'function') {
      next.lazy = async () => {
        const words = isHydrated() ? i18n.completeWords().catch(() => undefined) : undefined;
        const [loaded] = await Promise.all([lazy(), words]);
        return loaded;
      };
    }
    if (children) next.children = withWholeWords(children);
    return next;
  });
}

// `hydrationData`: the state the server drew the page in (app/start.tsx, decision 060).
export function createAppRouter(options: { hydrationData?: HydrationState } = {}) {
  return createBrowserRouter(withWholeWords(routes), options);
}

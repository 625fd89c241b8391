import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userSession } from '../../lib/session';
import { logInAs, renderRoutes } from '../../test/render-routes';
import { RequireAdmin } from './require-admin';
import { RequireLogin } from './require-login';

function CurrentAddress() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { element: <RequireLogin />, children: [{ path: '/orders', element: <p>Your orders</p> }] },
  { element: <RequireAdmin />, children: [{ path: '/adminDashboard', element: <p>All products</p> }] },
  { path: '*', element: <CurrentAddress /> },
];

describe('login guard', () => {
  it("sends a logged-out visitor to /login?redirect= with the warning 'Please login first'", async () => {
    renderRoutes(routes, '/orders?tab=open');
    expect(
      await screen.findByText(`Now at /login?redirect=${encodeURIComponent('/orders?tab=open')}`),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(screen.queryByText('Your orders')).not.toBeInTheDocument();
  });

  it('shows the page to a logged-in user', () => {
    logInAs();
    renderRoutes(routes, '/orders');
    expect(screen.getByText('Your orders')).toBeInTheDocument();
  });

  it('sends a visitor without an admin session to /adminLogin, even when logged in as a user', async () => {
    logInAs();
    renderRoutes(routes, '/adminDashboard');
    expect(await screen.findByText('Now at /adminLogin')).toBeInTheDocument();
    expect(await screen.findByText('Please login first')).toBeInTheDocument();
  });

  it('sends nobody to the login page when the session ends while the reader is already leaving the page', async () => {
    logInAs();
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const { router } = renderRoutes(
      [
        ...routes.slice(0, 2),
        // A page whose code is still loading, as the home page's chunk may be.
        { path: '/', lazy: async () => (await arrived, { element: <p>The home page</p> }) },
        routes[2]!,
      ],
      '/orders',
    );
    expect(screen.getByText('Your orders')).toBeInTheDocument();
    const leaving = router.navigate('/', { replace: true });
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // The router hands React its state in a transition: let React draw it before the session ends.
    await act(async () => {});
    // The server ends the session (the account was deleted) before the next page has arrived.
    act(() => userSession.clear());
    arrive();
    await act(() => leaving);
    expect(await screen.findByText('The home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Please login first')).not.toBeInTheDocument();
  });
});

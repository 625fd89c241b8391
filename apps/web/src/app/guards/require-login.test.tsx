import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});

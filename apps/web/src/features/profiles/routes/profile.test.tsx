import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { banks, callsTo, failure, newUserProfile, ok, stubApi } from '../testing/profile-api';
import { ProfileRoute } from './profile';

const order = {
  id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c01',
  status: 'paid',
  product: { id: '5d7e9f10-1111-4c2b-8a3d-9e8f7a6b5c4d', title: 'Ankara dress', picture: null },
  seller: { id: '8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11', username: 'chidi' },
  reference: 'OJA-REF-1',
  paidAt: '2025-02-01T09:30:00.000Z',
  quantity: 1,
  shipmentReference: 'SHP-123',
  shipmentStatus: 'pending',
  productAmount: 800_000,
  transactionCharge: 80_000,
  createdAt: '2025-02-01T09:30:00.000Z',
};

function api(handlers: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/userProfile/profile': () => ok(newUserProfile),
    'GET /api/userProfile/banks': () => ok(banks),
    ...handlers,
  });
}

function renderProfile(address: string) {
  logInAs();
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <ProfileRoute
            myProductsTab={<p>The user's own products</p>}
            transactionsTab={<p>The user's transactions</p>}
          />
        ),
      },
    ],
    address,
  );
}

describe('profile page', () => {
  it("shows 'Loading...' until the profile arrives, then the profile tab", async () => {
    api();
    renderProfile('/profile');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByText('@adaobi')).toBeInTheDocument();
  });

  it('opens the orders tab for ?tab=orders and lists the orders', async () => {
    const fetchMock = api({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok([order]) });
    renderProfile('/profile?tab=orders');
    expect(await screen.findByRole('tab', { name: 'Orders', selected: true })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Ankara dress' })).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('₦8,000.00');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('SHP-123');
    expect(callsTo(fetchMock, `GET /api/orders/user/${sessionUser.id}`)).toHaveLength(1);
    expect(row).toHaveTextContent('Paid');
    expect(within(row as HTMLElement).getByRole('link', { name: 'OJA-REF-1' })).toHaveAttribute(
      'href',
      '/transaction-details?reference=OJA-REF-1',
    );
    // The other tabs' content mounts only when their tab is opened.
    expect(screen.queryByText("The user's transactions")).not.toBeInTheDocument();
  });

  it('shows shipments as pending, shipped or not available, and any other status as an error (spec §4)', async () => {
    const orders = [
      { ...order, shipmentStatus: null },
      { ...order, id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c02', shipmentStatus: 'lost_in_transit' },
    ];
    api({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok(orders) });
    renderProfile('/profile?tab=orders');
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('lost_in_transit')).not.toBeInTheDocument();
  });

  it("says 'No orders yet' when there are none", async () => {
    api({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok([]) });
    renderProfile('/profile?tab=orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('keeps the chosen tab in the address, so the back button returns to the tab before', async () => {
    api();
    const { router, user } = renderProfile('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Referrals' }));
    expect(router.state.location.search).toBe('?tab=referrals');
    expect(screen.getByRole('tab', { name: 'Referrals', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText("The user's transactions")).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Referrals', selected: true })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows what the app puts in the my-products tab', async () => {
    api();
    renderProfile('/profile?tab=my-products');
    expect(await screen.findByText("The user's own products")).toBeInTheDocument();
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    api({ 'GET /api/userProfile/profile': () => failure(404, 'NOT_FOUND', 'Not found.') });
    renderProfile('/profile');
    expect(await screen.findByText('We could not load your profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { callsTo, ok, stubApi } from '../../../test/profile-api';
import { OrdersPanel } from './orders-panel';

const base = {
  status: 'paid',
  product: { id: '5d7e9f10-1111-4c2b-8a3d-9e8f7a6b5c4d', title: 'Ankara dress', picture: null },
  seller: { id: '8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11', username: 'chidi' },
  reference: 'OJA-REF-1',
  paidAt: '2025-02-01T09:30:00.000Z',
  quantity: 1,
  shipmentReference: null,
  shipmentStatus: null,
  productAmount: 800_000,
  transactionCharge: 80_000,
  delivery: 'pickup',
  deliveryFee: 0,
  courierName: null,
  bookingStatus: null,
  deliveredAt: null,
  createdAt: '2025-02-01T09:30:00.000Z',
  review: null,
  canReview: false,
  canConfirmCollection: false,
};
const ordersPath = `GET /api/orders/user/${sessionUser.id}`;
const rowOf = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

describe('rating the seller from the orders tab', () => {
  it('offers to confirm a pickup collected, then to rate the seller, then shows the stars given', async () => {
    logInAs();
    const awaiting = { ...base, id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c01', canConfirmCollection: true };
    const rateable = {
      ...base,
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c02',
      product: { ...base.product, title: 'Blue lamp' },
      canReview: true,
      deliveredAt: '2025-02-03T09:30:00.000Z',
    };
    const rated = {
      ...base,
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c03',
      product: { ...base.product, title: 'Red kettle' },
      review: { id: 'f0e1d2c3-0000-4000-8000-000000000001', rating: 4 },
    };
    let collected = false;
    const fetchMock = stubApi({
      [ordersPath]: () =>
        ok([
          collected ? { ...awaiting, canConfirmCollection: false, canReview: true } : awaiting,
          rateable,
          rated,
        ]),
      [`POST /api/orders/${awaiting.id}/collected`]: () => {
        collected = true;
        return ok(
          { id: awaiting.id, deliveredAt: '2025-02-04T09:30:00.000Z' },
          'Thank you. The order is marked as collected.',
        );
      },
    });
    const { user } = renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);

    const lamp = await rowOf('Blue lamp');
    expect(within(lamp).getByRole('link', { name: 'Rate the seller' })).toHaveAttribute(
      'href',
      `/orders/${rateable.id}/review`,
    );
    expect(within(await rowOf('Red kettle')).getByRole('link', { name: 'Rated 4 out of 5' })).toHaveAttribute(
      'href',
      `/orders/${rated.id}/review`,
    );

    await user.click(
      within(await rowOf('Ankara dress')).getByRole('button', { name: 'I have collected it' }),
    );
    expect(await screen.findByText('Thank you. The order is marked as collected.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: 'Ankara dress' }).closest('tr') as HTMLElement).getByRole(
          'link',
          { name: 'Rate the seller' },
        ),
      ).toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, `POST /api/orders/${awaiting.id}/collected`)).toHaveLength(1);
  });

  it('offers nothing while an order is not paid', async () => {
    logInAs();
    stubApi({
      [ordersPath]: () => ok([{ ...base, id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c09', status: 'pending' }]),
    });
    renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
    const row = await rowOf('Ankara dress');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Rate the seller' })).not.toBeInTheDocument();
  });
});

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

function renderOrders() {
  logInAs();
  return renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
}

describe('the orders tab', () => {
  it('lists the orders: product, amount, shipment, status and the transaction', async () => {
    const fetchMock = stubApi({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok([order]) });
    renderOrders();
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
  });

  it('shows shipments as pending, shipped or not available, and any other status as an error (spec §4)', async () => {
    const orders = [
      { ...order, shipmentStatus: null },
      { ...order, id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c02', shipmentStatus: 'lost_in_transit' },
    ];
    stubApi({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok(orders) });
    renderOrders();
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('lost_in_transit')).not.toBeInTheDocument();
  });

  it("says 'No orders yet' when there are none", async () => {
    stubApi({ [`GET /api/orders/user/${sessionUser.id}`]: () => ok([]) });
    renderOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });
});

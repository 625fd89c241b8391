import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes, sessionUser } from '../../../test/render-routes';
import { callsTo, ok, stubApi } from '../testing/profile-api';
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

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLiveEventsForTests } from '../../../lib/live-events';
import { answer, answerApi, callsTo } from '../../../test/api';
import { sessionUser } from '../../../test/fixtures/accounts';
import { order as orderOf } from '../../../test/fixtures/payments';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { FakeEventSource, stubEventSource } from '../../../test/fake-event-source';
import { OrdersPanel } from './orders-panel';

const base = orderOf();

const ordersPath = `GET /api/orders/user/${sessionUser.id}`;
const rowOf = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

describe('rating the seller from the orders tab', () => {
  it('offers to confirm a pickup collected, then to rate the seller, then shows the stars given', async () => {
    logInAs();
    const awaiting = orderOf({ canConfirmCollection: true });
    const rateable = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c02',
      product: { ...base.product, title: 'Blue lamp' },
      canReview: true,
      deliveredAt: '2025-02-03T09:30:00.000Z',
    });
    const rated = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c03',
      product: { ...base.product, title: 'Red kettle' },
      review: { id: 'f0e1d2c3-0000-4000-8000-000000000001', rating: 4 },
    });
    let collected = false;
    answerApi({
      [ordersPath]: () =>
        answer.ok([
          collected ? { ...awaiting, canConfirmCollection: false, canReview: true } : awaiting,
          rateable,
          rated,
        ]),
      [`POST /api/orders/${awaiting.id}/collected`]: () => {
        collected = true;
        return answer.ok(
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
    expect(callsTo('POST', `/api/orders/${awaiting.id}/collected`)).toHaveLength(1);
  });

  it('offers nothing while an order is not paid', async () => {
    logInAs();
    answerApi({
      [ordersPath]: answer.ok([orderOf({ id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c09', status: 'pending' })]),
    });
    renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
    const row = await rowOf('Ankara dress');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Rate the seller' })).not.toBeInTheDocument();
  });
});

const order = orderOf({ shipmentReference: 'SHP-123', shipmentStatus: 'pending' });

function renderOrders() {
  logInAs();
  return renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
}

describe('the orders tab', () => {
  it('lists the orders: product, amount, shipment, status and the transaction', async () => {
    answerApi({ [ordersPath]: answer.ok([order]) });
    renderOrders();
    const row = (await screen.findByRole('link', { name: 'Ankara dress' })).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('₦8,000.00');
    expect(row).toHaveTextContent('Pending');
    expect(row).toHaveTextContent('SHP-123');
    expect(callsTo('GET', `/api/orders/user/${sessionUser.id}`)).toHaveLength(1);
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
    answerApi({ [ordersPath]: answer.ok(orders) });
    renderOrders();
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('lost_in_transit')).not.toBeInTheDocument();
  });

  it("says 'No orders yet' when there are none", async () => {
    answerApi({ [ordersPath]: answer.ok([]) });
    renderOrders();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('reads a page at a time: Load more brings the older orders under the newer ones (issue 34)', async () => {
    const older = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c09',
      product: { ...base.product, title: 'Old radio' },
    });
    answerApi({
      [`${ordersPath}?pageSize=30`]: answer.page([base], { nextCursor: 'older' }),
      [`${ordersPath}?pageSize=30&cursor=older`]: answer.page([older]),
    });
    const { user } = renderOrders();
    await rowOf(base.product.title);
    expect(screen.queryByRole('link', { name: 'Old radio' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Old radio' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      base.product.title,
      'Old radio',
    ]);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('shipment statuses in the orders tab (issue 32)', () => {
  afterEach(() => resetLiveEventsForTests());

  it('turns Pending into Delivered when the shipment event arrives, without a reload', async () => {
    logInAs();
    stubEventSource();
    let status: 'pending' | 'delivered' = 'pending';
    answerApi({
      [ordersPath]: () =>
        answer.ok([
          orderOf({
            delivery: 'courier',
            bookingStatus: 'booked',
            shipmentReference: 'SBX-1',
            shipmentStatus: status,
          }),
        ]),
      'POST /api/events/ticket': answer.ok({ ticket: 'ticket', expiresInSeconds: 60 }),
    });
    renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
    const row = await rowOf('Ankara dress');
    expect(within(row).getByText('Pending')).toBeInTheDocument();

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.latest().send('ready', { resumed: true }, '1'));
    status = 'delivered';
    act(() =>
      FakeEventSource.latest().send(
        'shipment',
        { orderId: base.id, shipmentReference: 'SBX-1', status: 'delivered' },
        '2',
      ),
    );
    expect(await within(await rowOf('Ankara dress')).findByText('Delivered')).toBeInTheDocument();
    expect(callsTo('GET', `/api/orders/user/${sessionUser.id}`)).toHaveLength(2);
  });
});

// A phone below Bootstrap's md breakpoint, as window.matchMedia answers it there.
function onAPhone() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: media === '(max-width: 767.98px)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the orders tab on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each order as a card with its picture, title, amount, status and the next thing to do', async () => {
    onAPhone();
    const pickedUp = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c04',
      product: { ...base.product, title: 'Blue lamp', picture: '/media/images/lamp-320.webp' },
      canConfirmCollection: true,
      reference: null,
    });
    answerApi({ [ordersPath]: answer.ok([order, pickedUp]) });
    renderOrders();
    const cards = within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards).toHaveLength(2);
    const [dress, lamp] = cards as [HTMLElement, HTMLElement];
    expect(within(dress).getByRole('link', { name: 'Ankara dress' })).toHaveAttribute(
      'href',
      `/product/${order.product.id}`,
    );
    expect(dress).toHaveTextContent('₦8,000.00');
    expect(within(dress).getByRole('link', { name: 'Paid' })).toHaveAttribute(
      'href',
      '/transaction-details?reference=OJA-REF-1',
    );
    expect(within(dress).getByRole('link', { name: 'Track shipment' })).toHaveAttribute(
      'href',
      '/tracking?reference=SHP-123',
    );
    expect(lamp.querySelector('img')).toHaveAttribute('src', '/media/images/lamp-320.webp');
    expect(within(lamp).getByRole('button', { name: 'I have collected it' })).toBeInTheDocument();
    expect(within(lamp).queryByRole('link', { name: 'Track shipment' })).not.toBeInTheDocument();
  });
});

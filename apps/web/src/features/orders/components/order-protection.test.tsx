import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Protection } from '@marketplace/shared/schemas/payouts';
import { answer, answerApi, callsTo } from '../../../test/api';
import { sessionUser } from '../../../test/fixtures/accounts';
import { order as orderOf } from '../../../test/fixtures/payments';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { OrdersPanel } from './orders-panel';

const ordersPath = `GET /api/orders/user/${sessionUser.id}`;
const HOUR = 3_600_000;

function held(overrides: Partial<Protection> = {}): Protection {
  return {
    payoutStatus: 'held',
    payoutAmount: 720_000,
    releaseAt: new Date(Date.now() + 2 * 24 * HOUR + 5 * HOUR).toISOString(),
    paidAt: null,
    disputeId: null,
    canConfirmReceipt: true,
    canDispute: true,
    ...overrides,
  };
}

const rowOf = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

function renderOrders() {
  logInAs();
  return renderRoutes([{ path: '/', element: <OrdersPanel userId={sessionUser.id} /> }]);
}

describe('buyer protection on the buyer’s orders (issue 29)', () => {
  it('offers Confirm receipt and Report a problem with the time left; confirming asks first, then the seller is paid', async () => {
    let confirmed = false;
    const order = orderOf({ protection: held() });
    answerApi({
      [ordersPath]: () =>
        answer.ok([
          confirmed
            ? {
                ...order,
                protection: held({ payoutStatus: 'releasing', canConfirmReceipt: false, canDispute: false }),
              }
            : order,
        ]),
      [`POST /api/orders/${order.id}/confirm-receipt`]: () => {
        confirmed = true;
        return answer.ok(
          { id: order.id, deliveredAt: new Date().toISOString(), payoutStatus: 'releasing' },
          'Thank you. The seller will now be paid.',
        );
      },
    });
    const { user } = renderOrders();
    const row = await rowOf('Ankara dress');
    expect(row).toHaveTextContent('Your money is held by Oja.');
    expect(row).toHaveTextContent('2 days left to confirm receipt or report a problem.');
    expect(within(row).getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
      'href',
      `/orders/${order.id}/report-problem`,
    );

    // Asked once more: cancelling sends nothing.
    await user.click(within(row).getByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you have the item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST', `/api/orders/${order.id}/confirm-receipt`)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Confirm receipt' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, I have it' }));
    expect(await screen.findByText('Thank you. The seller will now be paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('The seller is being paid.')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(callsTo('POST', `/api/orders/${order.id}/confirm-receipt`)).toHaveLength(1);
  });

  it('says the time starts at delivery for a courier order on its way, and hours when under a day is left', async () => {
    const onItsWay = orderOf({ delivery: 'courier', protection: held({ releaseAt: null }) });
    const lastHours = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c02',
      product: { ...onItsWay.product, title: 'Blue lamp' },
      protection: held({ releaseAt: new Date(Date.now() + 5 * HOUR + 60_000).toISOString() }),
    });
    answerApi({ [ordersPath]: answer.ok([onItsWay, lastHours]) });
    renderOrders();
    expect(await rowOf('Ankara dress')).toHaveTextContent(
      'Once the courier delivers it, you will have a few days to confirm receipt or report a problem.',
    );
    expect(await rowOf('Blue lamp')).toHaveTextContent(
      '5 hours left to confirm receipt or report a problem.',
    );
  });

  it('links a reported problem to its dispute, and says when the money went back', async () => {
    const disputed = orderOf({
      protection: held({
        payoutStatus: 'disputed',
        disputeId: 'd1f0e2c3-0000-4000-8000-000000000001',
        canConfirmReceipt: false,
        canDispute: false,
      }),
    });
    const refunded = orderOf({
      id: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c03',
      status: 'refunded',
      product: { ...disputed.product, title: 'Red kettle' },
      protection: held({ payoutStatus: 'refunded', canConfirmReceipt: false, canDispute: false }),
    });
    answerApi({ [ordersPath]: answer.ok([disputed, refunded]) });
    renderOrders();
    const dress = await rowOf('Ankara dress');
    expect(dress).toHaveTextContent('Problem reported: the seller is not paid until it is settled.');
    expect(dress).not.toHaveTextContent('left to confirm receipt');
    expect(within(dress).getByRole('link', { name: 'See the dispute' })).toHaveAttribute(
      'href',
      '/disputes/d1f0e2c3-0000-4000-8000-000000000001',
    );
    expect(await rowOf('Red kettle')).toHaveTextContent('Refunded to your card.');
  });
});

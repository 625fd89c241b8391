import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Protection } from '@marketplace/shared/schemas/payouts';
import { changeLanguage } from '../../../i18n/i18n';
import { answer, answerApi } from '../../../test/api';
import { accountSummary, userTransaction } from '../../../test/fixtures/payments';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { AccountSummaryRoute } from './account-summary';
import { PaymentHistoryRoute } from './payment-history';

function protection(overrides: Partial<Protection>): Protection {
  return {
    payoutStatus: 'held',
    payoutAmount: 3_240_000,
    releaseAt: '2025-02-07T12:00:00.000Z',
    paidAt: null,
    disputeId: null,
    canConfirmReceipt: false,
    canDispute: false,
    ...overrides,
  };
}

const sale = (id: string, reference: string, overrides: Partial<Protection>) =>
  userTransaction({
    id,
    reference,
    role: 'seller',
    amount: 3_960_000,
    itemAmount: 3_600_000,
    protection: protection(overrides),
  });

afterEach(async () => {
  await changeLanguage('en');
});

describe('the seller’s payouts under buyer protection (issue 29)', () => {
  it('shows each sale held until a date or until delivery, disputed, paid out on a date or refunded, with the share', async () => {
    logInAs();
    answerApi({
      'GET /api/transactions?page=1&pageSize=20': answer.ok(
        [
          sale('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c01', 'OJA-1', {}),
          sale('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c02', 'OJA-2', { releaseAt: null }),
          sale('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c03', 'OJA-3', { payoutStatus: 'disputed' }),
          sale('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c04', 'OJA-4', {
            payoutStatus: 'paid',
            paidAt: '2025-02-08T10:00:00.000Z',
            payoutAmount: 3_000_000,
          }),
          sale('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c05', 'OJA-5', {
            payoutStatus: 'refunded',
            payoutAmount: 0,
          }),
        ],
        'OK',
        { meta: { page: 1, pageSize: 20, total: 5 } },
      ),
    });
    renderRoutes([{ path: '/payment-history', element: <PaymentHistoryRoute /> }], '/payment-history');
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('You receive ₦32,400.00');
    expect(rows[0]).toHaveTextContent('Held until Feb 7, 2025');
    expect(rows[1]).toHaveTextContent('Held until delivery');
    expect(rows[2]).toHaveTextContent('Disputed');
    // A partial refund leaves the seller less than 90 percent of the item.
    expect(rows[3]).toHaveTextContent('You receive ₦30,000.00');
    expect(rows[3]).toHaveTextContent('Paid out on Feb 8, 2025');
    expect(rows[4]).toHaveTextContent('Refunded');
    expect(screen.queryByText(/39,600/)).not.toBeInTheDocument();
  });

  it('shows the account summary’s paid-out total and each recent sale’s payout, in French too', async () => {
    logInAs();
    answerApi({
      'GET /api/account-summary': answer.ok(
        accountSummary({
          paidOut: 1_350_000,
          recentSales: [
            {
              ...accountSummary().recentSales[0]!,
              protection: protection({
                payoutStatus: 'paid',
                paidAt: '2025-02-08T10:00:00.000Z',
                payoutAmount: 675_000,
              }),
            },
          ],
        }),
      ),
    });
    await changeLanguage('fr');
    renderRoutes([{ path: '/account-summary', element: <AccountSummaryRoute /> }], '/account-summary');
    expect((await screen.findByText('Déjà versé')).parentElement).toHaveTextContent('₦13,500.00');
    const row = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('₦6,750.00');
    expect(row).toHaveTextContent(/Versé le 8 févr\. 2025/);
  });
});

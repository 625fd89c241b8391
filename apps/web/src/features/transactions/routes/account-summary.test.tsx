import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { accountSummary } from '../../../test/fixtures/payments';
import { AccountSummaryRoute } from './account-summary';

const routes = [{ path: '/account-summary', element: <AccountSummaryRoute /> }];

describe('account summary', () => {
  it('shows the sales, the 90 percent earned, the 10 percent fee and the pending payouts in naira', async () => {
    logInAs();
    answerApi({ 'GET /api/account-summary': answer.ok(accountSummary()) });
    renderRoutes(routes, '/account-summary');
    expect(await screen.findByText('₦52,500.00')).toBeInTheDocument();
    expect(screen.getByText('You earned').parentElement).toHaveTextContent('₦47,250.00');
    expect(screen.getByText("Oja's fee").parentElement).toHaveTextContent('₦5,250.00');
    expect(screen.getByText('Pending payouts').parentElement).toHaveTextContent('₦40,500.00');
    expect(screen.getByText('Items sold').parentElement).toHaveTextContent('2');
    const row = within(screen.getByRole('table', { name: 'Recent sales' })).getAllByRole(
      'row',
    )[1] as HTMLElement;
    expect(row).toHaveTextContent('Ankara dress');
    expect(row).toHaveTextContent('tunde');
    expect(row).toHaveTextContent('₦7,500.00');
    expect(row).toHaveTextContent('₦750.00');
    expect(row).toHaveTextContent('₦6,750.00');
  });

  it('says when nothing has been sold yet', async () => {
    logInAs();
    answerApi({
      'GET /api/account-summary': answer.ok(
        accountSummary({
          salesCount: 0,
          salesTotal: 0,
          earned: 0,
          fees: 0,
          pendingPayouts: 0,
          onHoldCount: 0,
          recentSales: [],
        }),
      ),
    });
    renderRoutes(routes, '/account-summary');
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
  });
});

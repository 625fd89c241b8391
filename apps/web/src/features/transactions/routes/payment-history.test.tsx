import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import type { UserTransaction } from '@marketplace/shared/schemas/payments';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { answer, answerApi } from '../../../test/api';
import { TransactionsTab } from '../components/transactions-tab';
import { userTransaction } from '../../../test/fixtures/payments';
import { PaymentHistoryRoute } from './payment-history';

const page = (data: UserTransaction[], pageNumber: number, total: number) =>
  answer.ok(data, 'OK', { meta: { page: pageNumber, pageSize: 20, total } });

afterEach(async () => {
  await changeLanguage('en');
});

describe('payment history', () => {
  it('lists bought and sold payments with the amount in naira and the status in green or red', async () => {
    logInAs();
    answerApi({
      'GET /api/transactions?page=1&pageSize=20': page(
        [
          userTransaction(),
          userTransaction({
            id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c02',
            reference: 'OJA-REF-0002',
            role: 'seller',
            status: 'failed',
            amount: 1_250_050,
          }),
        ],
        1,
        2,
      ),
    });
    renderRoutes([{ path: '/payment-history', element: <PaymentHistoryRoute /> }], '/payment-history');
    const table = await screen.findByRole('table', { name: 'Your transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Bought');
    expect(rows[0]).toHaveTextContent('₦45,000.00');
    expect(within(rows[0] as HTMLElement).getByText('Success')).toHaveClass('text-success');
    expect(rows[1]).toHaveTextContent('Sold');
    expect(rows[1]).toHaveTextContent('₦12,500.50');
    expect(within(rows[1] as HTMLElement).getByText('Failed')).toHaveClass('text-danger');
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'OJA-REF-0002: show details' }),
    ).toHaveAttribute('href', '/transaction-details?reference=OJA-REF-0002');
    // Everything fits one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages of your transactions' })).not.toBeInTheDocument();
  });

  it("shows a seller the item's amount and their share, not the delivery fee; the method in the reader's language (issue 32)", async () => {
    logInAs();
    answerApi({
      'GET /api/transactions?page=1&pageSize=20': page(
        [
          userTransaction({
            role: 'seller',
            amount: 3_960_000,
            itemAmount: 3_600_000,
            paymentMethod: 'card',
          }),
        ],
        1,
        1,
      ),
    });
    await changeLanguage('fr');
    renderRoutes([{ path: '/payment-history', element: <PaymentHistoryRoute /> }], '/payment-history');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('₦36,000.00');
    expect(row).toHaveTextContent('Vous recevez ₦32,400.00');
    expect(row).not.toHaveTextContent('39,600');
    expect(within(row).getByText('Carte')).toBeInTheDocument();
  });

  it('pages through the list with ?page=', async () => {
    logInAs();
    const api = answerApi({
      'GET /api/transactions?page=1&pageSize=20': page([userTransaction()], 1, 25),
      'GET /api/transactions?page=2&pageSize=20': page(
        [userTransaction({ id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c09', reference: 'OJA-REF-0021' })],
        2,
        25,
      ),
    });
    const { user, router } = renderRoutes(
      [{ path: '/payment-history', element: <PaymentHistoryRoute /> }],
      '/payment-history',
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('OJA-REF-0021')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsTo('GET', '/api/transactions?page=2&pageSize=20')).toHaveLength(1);
  });

  it("says 'No transactions yet' in the profile's tab, with the ways to the history and the summary", async () => {
    logInAs();
    answerApi({ 'GET /api/transactions': answer.ok([]) });
    renderRoutes([{ path: '/profile', element: <TransactionsTab /> }], '/profile');
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment history' })).toHaveAttribute('href', '/payment-history');
    expect(screen.getByRole('link', { name: 'Account summary' })).toHaveAttribute('href', '/account-summary');
  });

  it("says 'Failed to fetch transactions.' when the server refuses, and 'An error occurred…' offline", async () => {
    logInAs();
    answerApi({
      'GET /api/transactions': answer.fail(
        400,
        'INTERNAL_ERROR',
        'Something went wrong. Please try again later.',
      ),
    });
    renderRoutes([{ path: '/payment-history', element: <PaymentHistoryRoute /> }], '/payment-history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions.');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerApi } from '../../../test/api';
import { logInAsAdmin, renderRoutes } from '../../../test/render-routes';
import { AdminTransactionsRoute } from '../routes/admin-transactions';
import { transaction } from '../test-fixtures';

const routes = [{ path: '/admin/transactions', element: <AdminTransactionsRoute /> }];

const paid = transaction();
const failed = transaction({
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c02',
  reference: 'OJA-REF-0002',
  amount: 1250050,
  status: 'failed',
  paymentMethod: null,
  paidAt: null,
  createdAt: '2025-02-01T08:00:00.000Z',
});

describe('admin transactions table', () => {
  it('shows the columns of the spec, the amount in naira from kobo, and the status in colour', async () => {
    logInAsAdmin();
    const refunded = transaction({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c03',
      reference: 'OJA-REF-0003',
      status: 'refunded',
    });
    answerApi({ 'GET /api/admin/all-transactions': answer.ok([paid, failed, refunded]) });
    renderRoutes(routes, '/admin/transactions');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['No.', 'Date', 'Done by', 'Amount', 'Method', 'Status', 'Reference']);
    const rows = within(table).getAllByRole('row');
    const paidRow = within(rows[1] ?? table);
    const failedRow = within(rows[2] ?? table);
    expect(paidRow.getByText('₦8,000.00')).toBeInTheDocument();
    expect(paidRow.getByText('chidi')).toBeInTheDocument();
    expect(paidRow.getByText('Card')).toBeInTheDocument();
    expect(paidRow.getByText('Jan 15, 2025')).toBeInTheDocument();
    expect(paidRow.getByText('Success')).toHaveClass('text-success');
    expect(failedRow.getByText('₦12,500.50')).toBeInTheDocument();
    expect(failedRow.getByText('Failed')).toHaveClass('text-danger');
    expect(failedRow.getByText('Feb 1, 2025')).toBeInTheDocument();
    expect(within(rows[3] ?? table).getByText('Refunded')).toHaveClass('text-danger');
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/adminDashboard',
    );
  });

  it("says 'No transactions available.' when there are none", async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/admin/all-transactions': answer.ok([]) });
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('No transactions available.')).toBeInTheDocument();
  });

  it('opens a dialog with Transaction Info, Order Details and Buyer Details from a row', async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/admin/all-transactions': answer.ok([paid]) });
    const { user } = renderRoutes(routes, '/admin/transactions');
    await user.click(await screen.findByText('₦8,000.00'));

    const dialog = await screen.findByRole('dialog', { name: 'Transaction OJA-REF-0001' });
    // The details' script loads when the dialog first shows them.
    expect(await within(dialog).findByRole('heading', { name: 'Transaction Info' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Order Details' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Buyer Details' })).toBeInTheDocument();
    expect(within(dialog).getByText('Red Ankara dress')).toBeInTheDocument();
    expect(within(dialog).getByText('₦800.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Chidi Okeke')).toBeInTheDocument();
    expect(within(dialog).getByText('3 Allen Avenue')).toBeInTheDocument();

    const [closeButton] = within(dialog).getAllByRole('button', { name: 'Close' });
    if (closeButton) await user.click(closeButton);
    await screen.findByRole('button', { name: 'OJA-REF-0001: show details' });
  });

  it("shows a page at a time with 'Load more', numbered across pages, with the seller and order status in the dialog", async () => {
    logInAsAdmin();
    const api = answerApi({
      'GET /api/admin/all-transactions?pageSize=50': answer.ok([paid], 'OK', {
        meta: { pageSize: 50, nextCursor: 'next', total: 2 },
      }),
      'GET /api/admin/all-transactions?pageSize=50&cursor=next': answer.ok([failed], 'OK', {
        meta: { pageSize: 50, nextCursor: null, total: 2 },
      }),
    });
    const { user } = renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('₦8,000.00')).toBeInTheDocument();
    expect(screen.queryByText('₦12,500.50')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const row = (await screen.findByText('₦12,500.50')).closest('tr');
    // The first page's row stays; the next page's rows follow it, numbered on.
    expect(screen.getByText('₦8,000.00').closest('tr')).toHaveTextContent(/^1/);
    expect(row).toHaveTextContent(/^2/);
    expect(api.callsTo('GET', '/api/admin/all-transactions?pageSize=50&cursor=next')).toHaveLength(1);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByText('₦12,500.50'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction OJA-REF-0002' });
    expect(within(dialog).getByText('amaka')).toBeInTheDocument();
    expect(within(dialog).getByText('Paid')).toBeInTheDocument();
  });
});

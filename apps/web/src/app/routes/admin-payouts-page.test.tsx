import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { AdminPayout, Dispute } from '@marketplace/shared/schemas/payouts';
import { answer, answerApi, callsTo } from '../../test/api';
import { logInAsAdmin, renderRoutes } from '../../test/render-routes';
import { AdminDisputesRoute } from './admin-disputes-page';
import { AdminPayoutsRoute } from './admin-payouts-page';
import { dispute as disputeFixture } from '../../features/payouts/test-fixtures';

function payout(overrides: Partial<AdminPayout> = {}): AdminPayout {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    orderId: '0b8c3a2e-8d1f-4a55-9a57-2f4f2b9d7c01',
    productTitle: 'Rattan chair',
    seller: { id: '3c2b1a00-0000-4000-8000-000000000002', username: 'chidi' },
    amount: 720_000,
    status: 'held',
    isDue: false,
    releaseAt: '2025-02-07T12:00:00.000Z',
    transferReference: null,
    transferAttempts: 0,
    failureReason: null,
    paidAt: null,
    createdAt: '2025-02-04T12:00:00.000Z',
    ...overrides,
  };
}

describe('/admin/payouts (issue 29)', () => {
  it('lists the payouts, filters them by status, and sends a failed one again', async () => {
    logInAsAdmin();
    const failed = payout({
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      productTitle: 'Blue lamp',
      status: 'failed',
      transferAttempts: 3,
      failureReason: 'Account could not be credited',
    });
    answerApi({
      'GET /api/admin/payouts?pageSize=50': answer.page([payout(), failed]),
      'GET /api/admin/payouts?pageSize=50&status=failed': answer.page([failed]),
      [`POST /api/admin/payouts/${failed.id}/retry`]: answer.ok(
        { id: failed.id, status: 'releasing' },
        'The payout is being sent again.',
        { status: 202 },
      ),
    });
    const { user, router } = renderRoutes(
      [{ path: '/admin/payouts', element: <AdminPayoutsRoute /> }],
      '/admin/payouts',
    );
    const table = await screen.findByRole('table', { name: 'Payouts to sellers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Rattan chair');
    expect(rows[0]).toHaveTextContent('₦7,200.00');
    expect(rows[0]).toHaveTextContent('Held');
    expect(within(rows[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Account could not be credited');

    await user.selectOptions(screen.getByLabelText('Show'), 'Failed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Retry the payout for "Blue lamp"' }));
    expect(await screen.findByText('The payout is being sent again.')).toBeInTheDocument();
    expect(callsTo('POST', `/api/admin/payouts/${failed.id}/retry`)).toHaveLength(1);
  });

  it('says when there are none', async () => {
    logInAsAdmin();
    answerApi({ 'GET /api/admin/payouts?pageSize=50&status=due': answer.page([]) });
    renderRoutes([{ path: '/admin/payouts', element: <AdminPayoutsRoute /> }], '/admin/payouts?status=due');
    expect(await screen.findByText('No payouts here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Show')).toHaveValue('due');
  });
});

describe('/admin/disputes (issue 29)', () => {
  const day = 24 * 3_600_000;
  // An open chargeback of two days, as the admin's list has it.
  const dispute = (overrides: Partial<Dispute> = {}): Dispute =>
    disputeFixture({
      reason: 'not_received',
      details: 'Nothing came.',
      isChargeback: true,
      createdAt: new Date(Date.now() - 2 * day - 3_600_000).toISOString(),
      viewerRole: 'admin',
      ...overrides,
    });

  it('lists open disputes first with the age of each, each opening its page', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/disputes?pageSize=50': answer.page([dispute()]),
    });
    renderRoutes([{ path: '/admin/disputes', element: <AdminDisputesRoute /> }], '/admin/disputes');
    const link = await screen.findByRole('link', { name: 'Open the dispute about "Rattan chair"' });
    expect(link).toHaveAttribute('href', '/admin/disputes/d1f0e2c3-0000-4000-8000-000000000001');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('2 days');
    expect(row).toHaveTextContent('Open');
    expect(row).toHaveTextContent('Chargeback');
    expect(row).toHaveTextContent('I did not receive it');
  });

  it('says when they could not be loaded, with Try again', async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/admin/disputes?pageSize=50': answer.fail(403, 'FORBIDDEN', 'You are not allowed to do this.'),
    });
    renderRoutes([{ path: '/admin/disputes', element: <AdminDisputesRoute /> }], '/admin/disputes');
    expect(await screen.findByText('The disputes could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads the next page with Load more, keeps the first, and shows a dispute settled meanwhile once (issue 34)', async () => {
    logInAsAdmin();
    const settled = dispute({
      id: 'd1f0e2c3-0000-4000-8000-000000000002',
      productTitle: 'Standing fan',
      status: 'resolved',
      outcome: 'refund',
      isChargeback: false,
      resolvedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    answerApi({
      'GET /api/admin/disputes?pageSize=50': answer.page([dispute()], { nextCursor: 'settled-1' }),
      // The first one was settled meanwhile: the settled part brings it back.
      'GET /api/admin/disputes?pageSize=50&cursor=settled-1': answer.page([
        { ...dispute(), status: 'resolved', outcome: 'refund', resolvedAt: new Date().toISOString() },
        settled,
      ]),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/disputes', element: <AdminDisputesRoute /> }], '/admin/disputes');
    await screen.findByRole('link', { name: 'Open the dispute about "Rattan chair"' });
    expect(
      screen.queryByRole('link', { name: 'Open the dispute about "Standing fan"' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const next = await screen.findByRole('link', { name: 'Open the dispute about "Standing fan"' });
    expect(next.closest('tr')).toHaveTextContent('Settled');
    // Shown once, where it was, as it now is.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Rattan chair',
      'Standing fan',
    ]);
    expect(rows[0]).toHaveTextContent('Settled');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

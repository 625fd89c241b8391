import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import { answer, answerApi } from '../../../test/api';
import { logInAsAdmin, preloadPages, renderRoutes } from '../../../test/render-routes';
import { transaction } from '../test-fixtures';

beforeAll(async () => {
  await preloadPages(routes, ['/admin/transactions']);
});

// A server error and a missing answer are retried twice before the page says so (without the wait between
// tries in tests: test/render-routes.tsx).
describe('/admin/transactions when the list cannot be loaded', () => {
  it("says 'Failed to fetch transactions.' when the server answers with a failure", async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.ok([]),
      'GET /api/admin/all-transactions': answer.fail(
        500,
        'INTERNAL_ERROR',
        'Something went wrong. Please try again later.',
      ),
    });
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('Failed to fetch transactions.')).toBeInTheDocument();
  });

  it("says 'An error occurred while fetching transactions.' when no answer comes", async () => {
    logInAsAdmin();
    answerApi({
      'GET /api/notifyAdmin/notifications': answer.ok([]),
      'GET /api/admin/all-transactions': HttpResponse.error(),
    });
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('An error occurred while fetching transactions.')).toBeInTheDocument();
  });
});

describe('/admin/transactions?reference= (where a notification about a payment leads)', () => {
  it('shows that payment alone with its dialog open, and a way back to every transaction', async () => {
    logInAsAdmin();
    const linked = transaction({ reference: 'OJA-REF-0042' });
    const { callsTo } = answerApi({
      'GET /api/notifyAdmin/notifications': answer.ok([]),
      'GET /api/admin/all-transactions?pageSize=50&reference=OJA-REF-0042': answer.ok([linked], 'OK', {
        meta: { pageSize: 50, nextCursor: null, total: 1 },
      }),
      'GET /api/admin/all-transactions': answer.ok(
        [linked, transaction({ id: '5f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a09', reference: 'OJA-REF-0043' })],
        'OK',
        { meta: { pageSize: 50, nextCursor: null, total: 2 } },
      ),
    });
    const { user } = renderRoutes(routes, '/admin/transactions?reference=OJA-REF-0042');
    const dialog = await screen.findByRole('dialog', { name: 'Transaction OJA-REF-0042' });
    // The details' script loads when the dialog first shows them.
    expect(await within(dialog).findByRole('heading', { name: 'Transaction Info' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/admin/all-transactions?pageSize=50&reference=OJA-REF-0042')).toHaveLength(1);
    expect(screen.getByText('Only the payment OJA-REF-0042 is shown.')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Show all transactions' }));
    expect(await screen.findByRole('button', { name: /OJA-REF-0043/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

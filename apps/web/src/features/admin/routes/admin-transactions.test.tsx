import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { fail, logInAsAdmin, ok, stubFetchRoutes } from '../../../test/fetch-routes';
import { renderRoutes } from '../../../test/render-routes';

// A server error and a missing answer are retried twice (1 s, then 2 s) before the page says so.
describe('/admin/transactions when the list cannot be loaded', { timeout: 15_000 }, () => {
  it("says 'Failed to fetch transactions.' when the server answers with a failure", async () => {
    logInAsAdmin();
    stubFetchRoutes({
      'GET /api/notifyAdmin/notifications': ok([]),
      'GET /api/admin/all-transactions': fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later.'),
    });
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('Failed to fetch transactions.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it("says 'An error occurred while fetching transactions.' when no answer comes", async () => {
    logInAsAdmin();
    const { fetchMock } = stubFetchRoutes({ 'GET /api/notifyAdmin/notifications': ok([]) });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/api/admin/all-transactions')) return Promise.reject(new TypeError('Failed to fetch'));
      return answer ? answer(input, init) : Promise.reject(new Error('no answer'));
    });
    renderRoutes(routes, '/admin/transactions');
    expect(await screen.findByText('An error occurred while fetching transactions.', {}, { timeout: 8000 })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

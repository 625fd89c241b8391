import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, stubFetch } from '../test/render-routes';
import { ApiError, apiRequest, apiRequestOrThrow } from './api-client';
import { adminSession, userSession } from './session';
import { STORAGE_KEYS } from './storage';

describe('api client', () => {
  it('sends JSON with the user token and returns the envelope', async () => {
    logInAs();
    const fetchMock = stubFetch(jsonResponse({ ok: true, message: 'OK', data: { id: 1 } }));
    const result = await apiRequest('/things', { method: 'POST', body: { name: 'chair' } });

    expect(result).toEqual({ ok: true, message: 'OK', data: { id: 1 }, status: 200 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/things');
    expect(headers.get('Authorization')).toBe('Bearer user-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"chair"}');
  });

  it('sends form data without a content type, so the browser sets the boundary', async () => {
    const fetchMock = stubFetch(jsonResponse({ ok: true, message: 'OK', data: null }));
    const form = new FormData();
    form.set('title', 'Chair');
    await apiRequest('/products', { method: 'POST', body: form });

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('Content-Type')).toBe(false);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
  });

  it('uses the admin token for admin calls and no token for public ones', async () => {
    logInAs();
    adminSession.set({ token: 'admin-token' });
    const fetchMock = stubFetch(
      jsonResponse({ ok: true, message: 'OK', data: [] }),
      jsonResponse({ ok: true, message: 'OK', data: null }),
    );
    await apiRequest('/adminProduct', { audience: 'admin' });
    await apiRequest('/users/login', { method: 'POST', body: {}, audience: 'none' });

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer admin-token',
    );
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('answers ok false instead of throwing when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const result = await apiRequest('/things');
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: 'NETWORK_ERROR' } });
    expect(result.message).toMatch(/could not reach the server/i);
  });

  it('answers ok false instead of throwing when the answer is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await apiRequest('/things');
    expect(result).toMatchObject({ ok: false, status: 502, error: { code: 'INVALID_RESPONSE' } });
  });

  it('logs the user out when the API rejects the token', async () => {
    logInAs();
    stubFetch(
      jsonResponse({ ok: false, message: 'Please login first', error: { code: 'LOGIN_REQUIRED' } }, 401),
    );
    await apiRequest('/userProfile/profile');
    expect(userSession.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('throws an ApiError carrying the code and status for query hooks', async () => {
    stubFetch(jsonResponse({ ok: false, message: 'Not found.', error: { code: 'NOT_FOUND' } }, 404));
    const failure = apiRequestOrThrow('/products/unknown');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Not found.' });
  });
});

import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, answerApi } from '../test/api';
import { logInAs } from '../test/render-routes';
import { ApiError, apiRequest, apiRequestOrThrow } from './api-client';
import { adminSession, userSession } from './session';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends JSON with the user token and returns the envelope', async () => {
    logInAs();
    const { calls } = answerApi({ 'POST /api/things': answer.ok({ id: 1 }) });
    const result = await apiRequest('/things', { method: 'POST', body: { name: 'chair' } });

    expect(result).toEqual({ ok: true, message: 'OK', data: { id: 1 }, status: 200 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/api/things');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer user-token');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'chair' });
  });

  it('sends form data without a content type, so the browser sets the boundary', async () => {
    const { calls } = answerApi({ 'POST /api/products': answer.ok(null) });
    const form = new FormData();
    form.set('title', 'Chair');
    await apiRequest('/products', { method: 'POST', body: form });

    // The boundary is the browser's (here fetch's): the client set no Content-Type of its own.
    expect(calls[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[0]?.body).toBeInstanceOf(FormData);
    expect((calls[0]?.body as FormData).get('title')).toBe('Chair');
  });

  it('uses the admin token for admin calls and no token for public ones', async () => {
    logInAs();
    adminSession.set({ token: 'admin-token' });
    const { callsTo } = answerApi({
      'GET /api/adminProduct': answer.ok([]),
      'POST /api/users/login': answer.ok(null),
    });
    await apiRequest('/adminProduct', { audience: 'admin' });
    await apiRequest('/users/login', { method: 'POST', body: {}, audience: 'none' });

    expect(callsTo('GET', '/api/adminProduct')[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(callsTo('POST', '/api/users/login')[0]?.headers.has('Authorization')).toBe(false);
  });

  it('answers ok false instead of throwing when the network fails', async () => {
    answerApi({ 'GET /api/things': HttpResponse.error() });
    const result = await apiRequest('/things');
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: 'NETWORK_ERROR' } });
    expect(result.message).toMatch(/could not reach the server/i);
  });

  it('answers ok false instead of throwing when the answer is not JSON', async () => {
    answerApi({ 'GET /api/things': new HttpResponse('<html>Bad gateway</html>', { status: 502 }) });
    const result = await apiRequest('/things');
    expect(result).toMatchObject({ ok: false, status: 502, error: { code: 'INVALID_RESPONSE' } });
  });

  it('says the server could not be reached, not the connection, when the server is down behind its proxy (issue 32)', async () => {
    for (const status of [502, 503, 504]) {
      answerApi({ 'GET /api/things': new HttpResponse('<html>Bad gateway</html>', { status }) });
      const result = await apiRequest('/things');
      expect(result).toMatchObject({ ok: false, status, error: { code: 'INVALID_RESPONSE' } });
      expect(result.message).toBe(
        'Our server could not be reached just now; your connection is fine. Please try again in a few minutes.',
      );
    }
    answerApi({ 'GET /api/things': new HttpResponse('', { status: 503 }) });
    expect((await apiRequest('/things')).message).toMatch(/^Our server could not be reached/);
  });

  it('tells a browser that knows it is offline to check its connection, and any other only that the server was not reached', async () => {
    answerApi({ 'GET /api/things': HttpResponse.error() });
    expect((await apiRequest('/things')).message).not.toMatch(/connection/i);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    answerApi({ 'GET /api/things': HttpResponse.error() });
    expect((await apiRequest('/things')).message).toBe(
      'You seem to be offline. Check your connection and try again.',
    );
  });

  it('logs the user out when the API rejects the token', async () => {
    logInAs();
    answerApi({ 'GET /api/userProfile/profile': answer.fail(401, 'LOGIN_REQUIRED', 'Please login first') });
    await apiRequest('/userProfile/profile');
    expect(userSession.get()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('throws an ApiError carrying the code and status for query hooks', async () => {
    answerApi({ 'GET /api/products/unknown': answer.fail(404, 'NOT_FOUND', 'Not found.') });
    const failure = apiRequestOrThrow('/products/unknown');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Not found.' });
  });
});

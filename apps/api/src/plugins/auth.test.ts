import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, loginAsAdmin, registerUser, useTestApp } from '../../test/helper';

// A token checked once is remembered (lib/tokens.ts): a client sends the same one with every request. What was
// refused before is still refused when the token comes again.

const testApp = useTestApp({ config: { tokenTtlSeconds: 60 } });
const profile = (token: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/userProfile/profile', headers: bearer(token) });

afterEach(() => {
  vi.useRealTimers();
});

describe('a bearer token used again', () => {
  it('ends with its lifetime, though it was accepted a moment before', async () => {
    // Signed at a whole second: its 60 seconds end exactly 60,000 ms later.
    const signed = Math.ceil(Date.now() / 1000) * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: signed });
    const { token } = await registerUser(testApp.app);
    expect((await profile(token)).statusCode).toBe(200);
    vi.setSystemTime(signed + 59_999);
    expect((await profile(token)).statusCode).toBe(200);
    vi.setSystemTime(signed + 60_000);
    const ended = await profile(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ ok: false, error: { code: 'LOGIN_REQUIRED' } });
  });

  it('opens no admin route with a user token accepted on user routes, nor a user route with an admin token', async () => {
    const { token } = await registerUser(testApp.app);
    expect((await profile(token)).statusCode).toBe(200);
    const admin = await loginAsAdmin(testApp.app);
    const asAdmin = (bearerToken: string) =>
      testApp.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(bearerToken) });
    expect((await asAdmin(admin.token)).statusCode).toBe(200);
    expect((await asAdmin(token)).statusCode).toBe(401);
    expect((await profile(admin.token)).statusCode).toBe(401);
  });

  it('is refused by a server with another secret, though one with the signing secret accepted it', async () => {
    const { token } = await registerUser(testApp.app);
    expect((await profile(token)).statusCode).toBe(200);
    const other = await buildTestApp({
      env: { JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256' },
      sharedDatabase: testApp.database,
    });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/api/userProfile/profile',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

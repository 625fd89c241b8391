import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, newUserInput, registerUser, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const post = (url: string, payload: unknown) =>
  testApp.app.inject({ method: 'POST', url, payload: payload as object });

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function resetLinkFor(email: string): string | undefined {
  const mailDir = path.join(testApp.dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((file) => file.includes(email) && file.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const newest = files.sort().at(-1);
  if (!newest) return undefined;
  // The body is quoted-printable, as in any mail: decode it as a mail client does.
  const mail = readFileSync(path.join(mailDir, newest), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /http:\/\/oja\.test\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
}

describe('POST /api/users/register', () => {
  it('creates an account, returns a token and the user without secrets, and gives the user a refID', async () => {
    const input = newUserInput();
    const response = await post('/api/users/register', input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ username: input.username, email: input.email, isVerified: false });
    expect(body.data.user.refID).toMatch(/^[A-Z0-9]{8}$/);
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt/);
  });

  it.each(['fullName', 'username', 'email', 'password', 'confirmPassword'])(
    "answers 'All fields are required' when %s is missing",
    async (field) => {
      const input: Record<string, unknown> = newUserInput();
      delete input[field];
      const response = await post('/api/users/register', input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        ok: false,
        message: 'All fields are required',
        error: { code: 'ALL_FIELDS_REQUIRED' },
      });
    },
  );

  it("answers 'All fields are required' when a field is only spaces", async () => {
    const response = await post('/api/users/register', newUserInput({ fullName: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('All fields are required');
  });

  it("refuses different passwords with 'Passwords do not match.'", async () => {
    const response = await post('/api/users/register', newUserInput({ confirmPassword: 'another-password' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Passwords do not match.',
      error: { code: 'PASSWORDS_DO_NOT_MATCH' },
    });
  });

  it("refuses a username that looks like an e-mail with 'Username cannot be an email address.'", async () => {
    const response = await post('/api/users/register', newUserInput({ username: 'ada@example.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Username cannot be an email address.',
      error: { code: 'USERNAME_IS_EMAIL' },
    });
  });

  it.each(['ada_lovelace', 'ada lovelace', 'adé', 'ada-1'])(
    'refuses the username %j: letters and digits only',
    async (username) => {
      const response = await post('/api/users/register', newUserInput({ username }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('USERNAME_INVALID');
    },
  );

  it('refuses an invalid e-mail address', async () => {
    const response = await post('/api/users/register', newUserInput({ email: 'not-an-email' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Please enter a valid email address.',
      error: { code: 'EMAIL_INVALID' },
    });
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await post(
      '/api/users/register',
      newUserInput({ password: 'short', confirmPassword: 'short' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('PASSWORD_TOO_SHORT');
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    const first = newUserInput();
    await post('/api/users/register', first);
    const response = await post('/api/users/register', newUserInput({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'An account with this email already exists.',
      error: { code: 'EMAIL_TAKEN' },
    });
  });

  it('answers 409 for a username already taken, ignoring case', async () => {
    const first = newUserInput();
    await post('/api/users/register', first);
    const response = await post(
      '/api/users/register',
      newUserInput({ username: first.username.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'This username is already taken.',
      error: { code: 'USERNAME_TAKEN' },
    });
  });

  it('answers 400, not 500, for malformed JSON and for a body that is not an object', async () => {
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: '{"fullName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ ok: false, error: { code: 'MALFORMED_BODY' } });

    const array = await post('/api/users/register', [1, 2, 3]);
    expect(array.statusCode).toBe(400);
    expect(array.json().ok).toBe(false);

    const wrongTypes = await post('/api/users/register', { ...newUserInput(), username: 42, email: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
  });
});

describe('POST /api/users/login', () => {
  it('returns a token and the user for the right password, with the e-mail in any case', async () => {
    const { user, password } = await registerUser(testApp.app);
    const response = await post('/api/users/login', { email: user.email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ id: user.id, username: user.username });
    expect(response.body).not.toMatch(/passwordHash|scrypt/);
  });

  it('answers 401 for a wrong password and for an unknown e-mail, with the same message', async () => {
    const { user } = await registerUser(testApp.app);
    const wrong = await post('/api/users/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/users/login', {
      email: 'nobody@example.ng',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid email or password.',
      error: { code: 'INVALID_CREDENTIALS' },
    });
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('answers 429 after five failed logins, even with the right password, and only for that e-mail', async () => {
    const victim = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await post('/api/users/login', {
        email: victim.user.email,
        password: 'wrong-password',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/users/login', { email: victim.user.email, password: victim.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // When to try again: the rest of the 15-minute window, in seconds.
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const otherLogin = await post('/api/users/login', { email: other.user.email, password: other.password });
    expect(otherLogin.statusCode).toBe(200);
  });

  it('does not count successful logins towards the limit', async () => {
    const { user, password } = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await post('/api/users/login', { email: user.email, password });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('user tokens', () => {
  it('answers 401 with "Please login first" without a token, with a forged token and with a garbage header', async () => {
    const { token } = await registerUser(testApp.app);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const headers of [{}, bearer(forged), { authorization: 'Basic abc' }, bearer('not.a.jwt')]) {
      const response = await testApp.app.inject({ url: '/api/userProfile/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        ok: false,
        message: 'Please login first',
        error: { code: 'LOGIN_REQUIRED' },
      });
    }
  });

  it('refuses a token signed with another secret', async () => {
    const other = await buildTestApp({ env: { JWT_SECRET: 'another-secret-that-is-also-long-enough-here' } });
    try {
      const { token } = await registerUser(other.app);
      const response = await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session on the server: the token no longer opens anything, and a new login works', async () => {
    const registered = await registerUser(testApp.app);
    const secondDevice = (
      await post('/api/users/login', { email: registered.user.email, password: registered.password })
    ).json().data.token;
    const profile = (token: string) =>
      testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(token) });
    expect((await profile(registered.token)).statusCode).toBe(200);

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(registered.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, message: 'You have been logged out.' });
    expect((await profile(registered.token)).statusCode).toBe(401);
    expect((await profile(secondDevice)).statusCode).toBe(401);
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/users/logout',
          headers: bearer(registered.token),
        })
      ).statusCode,
    ).toBe(401);

    const again = (
      await post('/api/users/login', { email: registered.user.email, password: registered.password })
    ).json().data.token;
    expect((await profile(again)).statusCode).toBe(200);
  });
});

describe('GET /api/userProfile/profile', () => {
  it('returns the user with refID, upline, referrals and notifications, and nothing secret', async () => {
    const { token, user } = await registerUser(testApp.app);
    const response = await testApp.app.inject({ url: '/api/userProfile/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      id: user.id,
      username: user.username,
      refID: user.refID,
      referredBy: null,
      referrals: [],
      notifications: [],
      isVerified: false,
    });
    expect(Object.keys(data)).not.toEqual(
      expect.arrayContaining(['passwordHash', 'tokenVersion', 'subaccountCode']),
    );
    expect(response.body).not.toMatch(/scrypt|tokenHash/);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and mails a link only to a real account', async () => {
    const { user } = await registerUser(testApp.app);
    const known = await post('/api/users/forgot-password', { email: user.email });
    const unknown = await post('/api/users/forgot-password', { email: 'nobody-here@example.ng' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'If an account exists for this email, a reset link has been sent to it.',
    );
    expect(await waitFor(() => resetLinkFor(user.email))).toMatch(
      /^http:\/\/oja\.test\/reset-password\?token=/,
    );
    expect(resetLinkFor('nobody-here@example.ng')).toBeUndefined();
  });

  it('resets the password with the mailed token, once, and ends every earlier session', async () => {
    const { user, token: oldSession, password: oldPassword } = await registerUser(testApp.app);
    await post('/api/users/forgot-password', { email: user.email });
    const link = await waitFor(() => resetLinkFor(user.email));
    const resetToken = new URL(link).searchParams.get('token');

    const reset = await post('/api/users/reset-password', {
      token: resetToken,
      password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been reset. Please log in.');

    const oldSessionUse = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(oldSession),
    });
    expect(oldSessionUse.statusCode).toBe(401);
    expect((await post('/api/users/login', { email: user.email, password: oldPassword })).statusCode).toBe(
      401,
    );
    const login = await post('/api/users/login', { email: user.email, password: 'brand-new-password' });
    expect(login.statusCode).toBe(200);
    const newSessionUse = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(login.json().data.token),
    });
    expect(newSessionUse.statusCode).toBe(200);

    const again = await post('/api/users/reset-password', {
      token: resetToken,
      password: 'third-password-here',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'This reset link is invalid or has expired.',
      error: { code: 'RESET_TOKEN_INVALID' },
    });
  });

  it('refuses an expired token', async () => {
    const { user } = await registerUser(testApp.app);
    await post('/api/users/forgot-password', { email: user.email });
    const link = await waitFor(() => resetLinkFor(user.email));
    const { passwordResetTokens } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const { sha256 } = await import('../../lib/tokens');
    const resetToken = new URL(link).searchParams.get('token') ?? '';
    await testApp.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(resetToken)));
    const response = await post('/api/users/reset-password', {
      token: resetToken,
      password: 'brand-new-password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('stores only a hash of the reset token', async () => {
    const { user } = await registerUser(testApp.app);
    await post('/api/users/forgot-password', { email: user.email });
    const link = await waitFor(() => resetLinkFor(user.email));
    const resetToken = new URL(link).searchParams.get('token') ?? '';
    const { passwordResetTokens } = await import('../../db/schema');
    const rows = await testApp.app.db.select().from(passwordResetTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === resetToken)).toBe(false);
  });

  it('refuses a made-up token and a short new password', async () => {
    const madeUp = await post('/api/users/reset-password', {
      token: 'made-up-token',
      password: 'long-enough-password',
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.code).toBe('RESET_TOKEN_INVALID');
    const short = await post('/api/users/reset-password', { token: 'made-up-token', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('the mail outbox', () => {
  it('writes a plain .txt beside each .eml, with the reset link readable as it is', async () => {
    const { user } = await registerUser(testApp.app);
    await post('/api/users/forgot-password', { email: user.email });
    const link = await waitFor(() => resetLinkFor(user.email));
    const mailDir = path.join(testApp.dataDir, 'mail');
    const text = await waitFor(() => {
      const file = readdirSync(mailDir).find((name) => name.includes(user.email) && name.endsWith('.txt'));
      // Note: the outbox may have created the file and not yet written it.
      const content = file ? readFileSync(path.join(mailDir, file), 'utf8') : '';
      return content.includes(link) ? content : undefined;
    });
    expect(text).toContain(`To: ${user.email}`);
    expect(text).toContain(link);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from './providers/mail/index';
import { bearer, buildTestApp, registerUser, type TestApp } from '../test/helper';
import { keepingMailer } from '../test/mail';

// Issue 27, point 6: the log as written (pino's stream) after real requests holds none of their secrets.
// Before, a sign-in link's request was logged as "url":"/login?link=<token>", and that token signs in.

let testApp: TestApp;
const written: string[] = [];
const sent: Mail[] = [];
beforeAll(async () => {
  testApp = await buildTestApp({
    config: { loginSlowdownMs: 10 },
    providers: { mailer: keepingMailer(sent) },
    logStream: { write: (line) => written.push(line) },
  });
});
afterAll(async () => {
  await testApp.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const tokenIn = (mail: Mail | undefined, page: string) =>
  new RegExp(`http://oja\\.test/${page}\\?(?:link|token)=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1] ?? '';

describe('the log', () => {
  it('holds no sign-in link, reset token, ticket, session token, password or payment reference', async () => {
    const { app } = testApp;
    const secrets: string[] = [];
    const owner = await registerUser(app);
    secrets.push(owner.password, owner.token);

    // A sign-in link: many wrong passwords from elsewhere, then the owner signs in and is mailed one.
    for (let attempt = 0; attempt < 20; attempt++) {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: owner.user.email, password: `wrong-password-${attempt}` },
        remoteAddress: `10.9.0.${attempt % 4}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: owner.user.email, password: owner.password },
      remoteAddress: '192.0.2.50',
    });
    expect(login.statusCode).toBe(200);
    secrets.push(login.json<{ data: { token: string } }>().data.token);
    await settle();
    const link = tokenIn(
      sent.find((mail) => mail.to === owner.user.email),
      'login',
    );
    expect(link.length).toBeGreaterThan(16);
    secrets.push(link);
    // The page the mail opens, then the sign-in it makes.
    await app.inject({ url: `/login?link=${link}` });
    const viaLink = await app.inject({
      method: 'POST',
      url: '/api/users/login-link',
      payload: { token: link },
    });
    expect(viaLink.statusCode).toBe(200);
    secrets.push(viaLink.json<{ data: { token: string } }>().data.token);

    // A password reset: the mail's link, its page, and the reset.
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: owner.user.email },
    });
    expect(forgot.statusCode).toBe(200);
    await settle();
    const resetToken = tokenIn(sent.filter((mail) => mail.to === owner.user.email).at(-1), 'reset-password');
    expect(resetToken.length).toBeGreaterThan(16);
    secrets.push(resetToken);
    await app.inject({ url: `/reset-password?token=${resetToken}&lang=fr` });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: resetToken, password: 'brand-new-password-42' },
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('brand-new-password-42');

    // A payment reference: the unauthenticated verification, the signed-in one, the sandbox's page, and the
    // page Paystack sends the buyer back to.
    const reference = 'oja_ref_Zq81mW4kT0pX9sLr';
    secrets.push(reference);
    await app.inject({ url: `/api/transaction/verify/${reference}` });
    await app.inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(owner.token) });
    await app.inject({ url: `/api/payment/sandbox/${reference}` });
    await app.inject({ url: `/confirmationPage?trxref=${reference}&reference=${reference}` });

    // A live events ticket, and session tokens in headers.
    const ticket = 'tkt_Hq2vN8sYw3eL6dJ0aRb';
    secrets.push(ticket);
    await app.inject({ url: `/api/events?ticket=${ticket}` });
    await app.inject({
      url: '/api/userProfile/profile',
      headers: { ...bearer(owner.token), cookie: `session=${owner.token}` },
    });
    await settle();

    const log = written.join('');
    // The requests were logged, with what is not secret.
    expect(log).toContain('"url":"/login?link=[redacted]"');
    expect(log).toContain('"url":"/reset-password?token=[redacted]&lang=fr"');
    expect(log).toContain('"url":"/api/transaction/verify/[redacted]"');
    expect(log).toContain('"url":"/confirmationPage?trxref=[redacted]&reference=[redacted]"');
    expect(log).toContain('"msg":"mail sent"');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
  });
});

describe('errors logged outside a request', () => {
  it('hold a failed query without its parameters, as a background job or a provider call logs it', () => {
    // What Drizzle throws when a query fails: the statement, then its parameters.
    const failure = new Error(
      'Failed query: update "users" set "email" = $1, "password_hash" = $2\nparams: ada.secret@example.ng,scrypt$16384$abc',
    );
    testApp.app.log.warn({ err: failure, jobId: 'job-1' }, 'job failed; it will be retried');
    const line = written.at(-1) ?? '';
    expect(line).toContain('job failed; it will be retried');
    expect(line).toContain('Failed query: update');
    expect(line).not.toContain('ada.secret@example.ng');
    expect(line).not.toContain('scrypt$16384$abc');
  });
});

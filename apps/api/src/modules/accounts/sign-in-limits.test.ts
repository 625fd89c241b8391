import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../providers/mail/index';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';
import { keepingMailer } from '../../../test/mail';

// Sign-in limits that slow guessing down without handing an attacker a way to lock someone out
// (decision 009), and mail floods, for users and admins.
let testApp: TestApp;
const sent: Mail[] = [];
const SLOWDOWN_MS = 150;
beforeAll(async () => {
  testApp = await buildTestApp({
    config: { loginSlowdownMs: SLOWDOWN_MS },
    providers: { mailer: keepingMailer(sent) },
  });
});
afterAll(async () => {
  await testApp.close();
});

const post = (url: string, payload: object, remoteAddress: string) =>
  testApp.app.inject({ method: 'POST', url, payload, remoteAddress });
const mailsTo = (email: string) => sent.filter((mail) => mail.to === email);
const linkIn = (mail: Mail | undefined, page: string) =>
  new RegExp(`http://oja\\.test/${page}\\?link=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];

async function settle() {
  // Mail goes out after the reply.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('guessing at one account from many addresses', () => {
  it('below the cap of 30, never refuses the right password, slows sign-ins down and mails the owner a one-time sign-in link', async () => {
    const owner = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await post(
        '/api/users/login',
        { email: owner.user.email, password: 'wrong-password' },
        `10.9.0.${attempt % 4}`,
      );
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    // From a few addresses, each stopped after five: the attacker's addresses get 429, the owner's does not.
    expect(
      (await post('/api/users/login', { email: owner.user.email, password: owner.password }, '10.9.0.0'))
        .statusCode,
    ).toBe(429);

    const started = Date.now();
    const ownLogin = await post(
      '/api/users/login',
      { email: owner.user.email, password: owner.password },
      '192.0.2.50',
    );
    expect(ownLogin.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOWDOWN_MS - 20);

    await settle();
    const mails = mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    const token = linkIn(mails[0], 'login');
    expect(token).toBeDefined();
    const viaLink = await post('/api/users/login-link', { token: token ?? '' }, '192.0.2.51');
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json().data.user.id).toBe(owner.user.id);
    const profile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(viaLink.json().data.token),
    });
    expect(profile.statusCode).toBe(200);
    const again = await post('/api/users/login-link', { token: token ?? '' }, '192.0.2.51');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This sign-in link is invalid or has expired.');
    expect((await post('/api/users/login-link', { token: 'made-up' }, '192.0.2.51')).statusCode).toBe(400);
  });

  it('does the same for the admin login: no lock-out, and a link that opens the admin area only', async () => {
    await loginAsAdmin(testApp.app, 'guarded@oja.test', 'guarded-password-1');
    for (let attempt = 0; attempt < 12; attempt++) {
      await post(
        '/api/admin/login',
        { email: 'guarded@oja.test', password: 'wrong-password' },
        `10.8.${attempt}.1`,
      );
    }
    const own = await post(
      '/api/admin/login',
      { email: 'guarded@oja.test', password: 'guarded-password-1' },
      '192.0.2.60',
    );
    expect(own.statusCode).toBe(200);
    await settle();
    const token = linkIn(mailsTo('guarded@oja.test')[0], 'adminLogin');
    expect(token).toBeDefined();
    expect((await post('/api/users/login-link', { token: token ?? '' }, '192.0.2.60')).statusCode).toBe(400);
    const viaLink = await post('/api/admin/login-link', { token: token ?? '' }, '192.0.2.60');
    expect(viaLink.statusCode).toBe(200);
    expect(
      (await testApp.app.inject({ url: '/api/admin/users', headers: bearer(viaLink.json().data.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('password spraying from one address', () => {
  it('answers 429 after 30 failures across different e-mails, for that address only', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      statuses.push(
        (
          await post(
            '/api/users/login',
            { email: `nobody${attempt}@example.ng`, password: 'Password1' },
            '10.7.0.1',
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const someone = await registerUser(testApp.app);
    expect(
      (await post('/api/users/login', { email: someone.user.email, password: someone.password }, '10.7.0.2'))
        .statusCode,
    ).toBe(200);
  });

  it('does not let a sprayer reset its count by signing in to an account of its own', async () => {
    const own = await registerUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      if (attempt % 10 === 9)
        await post('/api/users/login', { email: own.user.email, password: own.password }, '10.6.0.1');
      statuses.push(
        (
          await post(
            '/api/users/login',
            { email: `target${attempt}@example.ng`, password: 'Password1' },
            '10.6.0.1',
          )
        ).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
  });
});

describe('reset-mail flooding', () => {
  it('mails one person at most three reset links an hour, whoever asks, answering the same every time', async () => {
    const victim = await registerUser(testApp.app);
    const replies = [];
    for (let address = 0; address < 4; address++) {
      for (let request = 0; request < 5; request++) {
        replies.push(
          await post('/api/users/forgot-password', { email: victim.user.email }, `10.5.${address}.1`),
        );
      }
    }
    expect(new Set(replies.map((reply) => `${reply.statusCode} ${reply.json().message}`))).toEqual(
      new Set(['200 If an account exists for this email, a reset link has been sent to it.']),
    );
    await settle();
    expect(mailsTo(victim.user.email)).toHaveLength(3);
  });
});

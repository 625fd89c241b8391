import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import type { Mail } from '../../providers/mail/index';
import { buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';
import { keepingMailer } from '../../../test/mail';

// Device cookies, the per-account cap and paced password checks (decision 048): the owner of an account is
// never locked out by others' failures from a shared (carrier NAT) address, and guessing from many
// addresses at once gets a few paced password checks at most.
let testApp: TestApp;
// A second API process on the same database (its own connection pool on PostgreSQL).
let second: FastifyInstance;
let secondDatabase: DatabaseHandle | undefined;
const sent: Mail[] = [];
const SLOWDOWN_MS = 500;

beforeAll(async () => {
  testApp = await buildTestApp({
    config: { loginSlowdownMs: SLOWDOWN_MS },
    providers: { mailer: keepingMailer(sent) },
  });
  secondDatabase = testApp.databaseUrl
    ? await openDatabase({ databaseUrl: testApp.databaseUrl, dataDir: null })
    : undefined;
  second = await buildApp({
    config: testApp.config,
    database: secondDatabase ?? testApp.database,
    providers: { mailer: keepingMailer(sent) },
    logger: false,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase?.close();
  await testApp.close();
});

type Login = { email: string; password: string };
const login = (payload: Login, remoteAddress: string, cookie?: string, app: FastifyInstance = testApp.app) =>
  app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const adminLogin = (payload: Login, remoteAddress: string, cookie?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

// The cookie a browser would send back: name=value of the Set-Cookie header.
function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  expect(value).toBeDefined();
  return (value ?? '').split(';')[0] ?? '';
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

// Others behind the owner's carrier address: wrong passwords for the owner, then 30 sprayed failures.
async function othersFailFrom(address: string, email: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    statuses.push((await login({ email, password: `guess-${attempt}` }, address)).statusCode);
  }
  for (let attempt = 0; attempt < 31; attempt++) {
    statuses.push(
      (await login({ email: `sprayed${attempt}@example.ng`, password: 'Password1' }, address)).statusCode,
    );
  }
  return statuses;
}

describe('a device that has signed in before, behind an address others fail from', () => {
  it('signs its owner in after 5+ wrong tries and 30 sprayed failures by others from the same address', async () => {
    const owner = await registerUser(testApp.app);
    const first = await login({ email: owner.user.email, password: owner.password }, '10.30.0.1');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^oja_device=[\w.~-]+; /);
    expect(setCookie).toContain('Path=/api/users/login');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const cookie = deviceCookieOf(first);

    const statuses = await othersFailFrom('10.30.0.1', owner.user.email);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    expect(statuses.at(-1)).toBe(429);

    // An unknown device at that address is still refused, even with the right password.
    const unknown = await login({ email: owner.user.email, password: owner.password }, '10.30.0.1');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().error.code).toBe('TOO_MANY_ATTEMPTS');

    const own = await login({ email: owner.user.email, password: owner.password }, '10.30.0.1', cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user.id).toBe(owner.user.id);
    // Each sign-in renews the device cookie.
    expect(deviceCookieOf(own)).toMatch(/^oja_device=/);
    expect(deviceCookieOf(own)).not.toBe(cookie);
  });

  it('counts the device’s own wrong passwords against its cookie only, and locks that cookie after five', async () => {
    const owner = await registerUser(testApp.app);
    const cookie = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password }, '10.31.0.1'),
    );
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await login({ email: owner.user.email, password: 'wrong-password' }, '10.31.0.1', cookie))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(
      (await login({ email: owner.user.email, password: owner.password }, '10.31.0.1', cookie)).statusCode,
    ).toBe(429);
    // The address and the account counted none of them: another device there signs in.
    expect((await login({ email: owner.user.email, password: owner.password }, '10.31.0.1')).statusCode).toBe(
      200,
    );
  });

  it('treats a forged or tampered device cookie, or another account’s, as an unknown device', async () => {
    const owner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const cookie = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password }, '10.32.0.1'),
    );
    const othersCookie = deviceCookieOf(
      await login({ email: other.user.email, password: other.password }, '10.32.0.9'),
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      await login({ email: owner.user.email, password: 'wrong-password' }, '10.32.0.2');
    }
    const [accountId, nonce, signature] = cookie.slice('oja_device='.length).split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    const forged = [
      `oja_device=${accountId}.${nonce}.${flipped}`,
      `oja_device=${accountId}.${'x'.repeat(22)}.${signature}`,
      `oja_device=${accountId}.${nonce}`,
      othersCookie,
      cookie.replace('oja_device=', 'oja_admin_device='),
    ];
    for (const bad of forged) {
      const refused = await login({ email: owner.user.email, password: owner.password }, '10.32.0.2', bad);
      expect(refused.statusCode, bad).toBe(429);
    }
    expect(
      (await login({ email: owner.user.email, password: owner.password }, '10.32.0.2', cookie)).statusCode,
    ).toBe(200);
  });

  it('does the same for the admin login, with a cookie of its own that the user login does not take', async () => {
    await loginAsAdmin(testApp.app, 'device@oja.test', 'device-password-1');
    const first = await adminLogin({ email: 'device@oja.test', password: 'device-password-1' }, '10.33.0.1');
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toContain('Path=/api/admin/login');
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatch(/^oja_admin_device=/);
    for (let attempt = 0; attempt < 6; attempt++) {
      await adminLogin({ email: 'device@oja.test', password: `guess-${attempt}` }, '10.33.0.1');
    }
    expect(
      (await adminLogin({ email: 'device@oja.test', password: 'device-password-1' }, '10.33.0.1')).statusCode,
    ).toBe(429);
    const own = await adminLogin(
      { email: 'device@oja.test', password: 'device-password-1' },
      '10.33.0.1',
      cookie,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().data.admin.email).toBe('device@oja.test');
  });
});

describe('guessing at one account from 40 addresses at once, through two API processes', () => {
  it('checks the password a few times only, one check at a time, then asks unknown devices for the mailed link', async () => {
    const owner = await registerUser(testApp.app);
    const cookie = deviceCookieOf(
      await login({ email: owner.user.email, password: owner.password }, '192.0.2.70'),
    );

    const started = Date.now();
    const attempts = Array.from({ length: 40 * 6 }, async (_, index) => {
      const address = `10.40.${index % 40}.1`;
      const response = await login(
        { email: owner.user.email, password: `guess-${index}` },
        address,
        undefined,
        index % 2 ? second : testApp.app,
      );
      return { status: response.statusCode, code: response.json().error?.code as string | undefined };
    });
    const replies = await Promise.all(attempts);
    const elapsed = Date.now() - started;

    // A 401 is a password that was checked. Past the first 10 failures, checks are paced (SLOWDOWN_MS
    // apart, at most 4 waiting): no more than the time allows, and never more than the cap of 30.
    const checked = replies.filter((reply) => reply.status === 401).length;
    expect(checked).toBeGreaterThan(10);
    expect(checked).toBeLessThanOrEqual(Math.min(30, 10 + 4 + Math.ceil(elapsed / SLOWDOWN_MS)));
    // The cap was reached: later guesses were not checked at all.
    expect(replies.filter((reply) => reply.code === 'SIGN_IN_LINK_REQUIRED').length).toBeGreaterThan(100);
    expect(replies.every((reply) => [401, 429].includes(reply.status))).toBe(true);

    // The right password from an unknown device is not checked either: use the mailed link.
    const unknown = await login(
      { email: owner.user.email, password: owner.password },
      '192.0.2.71',
      undefined,
      second,
    );
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toBe(
      'Too many wrong passwords have been tried on this account, so it cannot be signed in to from a new device for now. Use the sign-in link we e-mailed to the account, or reset your password.',
    );
    expect(Number(unknown.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's device signs in at once, through either process.
    const ownStarted = Date.now();
    const own = await login(
      { email: owner.user.email, password: owner.password },
      '192.0.2.70',
      cookie,
      second,
    );
    expect(own.statusCode).toBe(200);
    expect(Date.now() - ownStarted).toBeLessThan(SLOWDOWN_MS);

    await settle();
    const mails = sent.filter((mail) => mail.to === owner.user.email);
    expect(mails).toHaveLength(1);
    const token = /\/login\?link=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    const viaLink = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login-link',
      payload: { token },
      remoteAddress: '192.0.2.71',
    });
    expect(viaLink.statusCode).toBe(200);
  });
});

describe('parallel guesses at an account past 10 failures', () => {
  it('checks one password at a time, SLOWDOWN_MS apart, whichever process takes them, and refuses the surplus at once', async () => {
    const owner = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const address = `10.41.${attempt}.1`;
      expect(
        (await login({ email: owner.user.email, password: `guess-${attempt}` }, address)).statusCode,
      ).toBe(401);
    }
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const app = index % 2 ? second : testApp.app;
        const response = await login(
          { email: owner.user.email, password: `again-${index}` },
          `10.42.${index}.1`,
          undefined,
          app,
        );
        return {
          status: response.statusCode,
          code: response.json().error?.code as string | undefined,
          at: Date.now() - started,
        };
      }),
    );
    const checked = replies
      .filter((reply) => reply.status === 401)
      .map((reply) => reply.at)
      .sort((a, b) => a - b);
    // Each waits its turn, booked in the database: the first SLOWDOWN_MS from now, the next SLOWDOWN_MS
    // after it, and so on, at most 4 waiting; so the n-th check ends no sooner than n × SLOWDOWN_MS.
    expect(checked.length).toBeGreaterThanOrEqual(2);
    expect(checked.length).toBeLessThanOrEqual(5);
    checked.forEach((at, index) => {
      expect(at, `check ${index + 1}`).toBeGreaterThanOrEqual((index + 1) * SLOWDOWN_MS - 20);
    });
    const refused = replies.filter((reply) => reply.status !== 401);
    expect(refused.length).toBe(8 - checked.length);
    expect(refused.every((reply) => reply.status === 429 && reply.code === 'TOO_MANY_ATTEMPTS')).toBe(true);
  });
});

describe('RATE_LIMIT_MULTIPLIER', () => {
  let scaled: TestApp;
  const scaledMail: Mail[] = [];
  beforeAll(async () => {
    const { rateLimits } = loadConfig({
      DATA_DIR: testApp.dataDir,
      JWT_SECRET: testApp.config.jwtSecret,
      RATE_LIMIT_MULTIPLIER: '3',
    });
    scaled = await buildTestApp({
      config: { rateLimits, loginSlowdownMs: 50 },
      providers: { mailer: keepingMailer(scaledMail) },
    });
  });
  afterAll(async () => {
    await scaled.close();
  });

  it('multiplies the sign-in limits per address, not those per account', async () => {
    const owner = await registerUser(scaled.app);
    const statuses = [];
    for (let attempt = 0; attempt < 16; attempt++) {
      const response = await scaled.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: owner.user.email, password: `guess-${attempt}` },
        remoteAddress: '10.50.0.1',
      });
      statuses.push(response.statusCode);
    }
    // Per account and address: 5 × 3.
    expect(statuses.filter((status) => status === 401)).toHaveLength(15);
    expect(statuses[15]).toBe(429);
    // Per account from every address: still 10, so the owner was mailed a link after the 11th failure.
    await settle();
    expect(scaledMail.filter((mail) => mail.to === owner.user.email)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactSecrets } from './app';
import { failureFor, loggable } from './plugins/errors';
import {
  bearer,
  buildTestApp,
  multipart,
  newUserInput,
  registerUser,
  verifiedSeller,
  type TestApp,
} from '../test/helper';
import { png } from '../test/fixtures';

// Findings of the security review, each kept fixed by a test.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    headers,
    remoteAddress,
  });

describe('sign-in limits', () => {
  it('ignores a forged X-Forwarded-For: a client cannot pick a fresh address for every guess', async () => {
    const { user, password } = await registerUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push(
        (await login(user.email, 'wrong-password', { 'x-forwarded-for': `203.0.113.${attempt}` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(user.email, password, { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(429);
  });

  it('lets no more than five guesses through when they are sent all at once', async () => {
    const { user } = await registerUser(testApp.app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => login(user.email, 'wrong-password', {}, '10.0.0.2')),
    );
    const counts = replies.reduce<Record<number, number>>(
      (tally, reply) => ({ ...tally, [reply.statusCode]: (tally[reply.statusCode] ?? 0) + 1 }),
      {},
    );
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(15);
  });
});

describe('bad input is a 400, never a 500', () => {
  it('refuses a NUL character in text and stores nothing', async () => {
    const input = newUserInput({ fullName: 'Ada\u0000Obi' });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/users/register', payload: input });
    expect(response.statusCode).toBe(400);
    expect((await login(input.email, input.password)).statusCode).toBe(401);
    expect((await testApp.app.inject({ url: '/api/products?location=%00' })).statusCode).toBe(400);
  });

  it.each([
    ['a date that is not one', { sort: 'newest', values: ['garbage', 'x'] }, ''],
    ['an empty cursor', { sort: 'newest', values: [] }, ''],
    [
      'a price of 1e20',
      { sort: 'price-asc', values: [1e20, '00000000-0000-4000-8000-000000000000'] },
      '&sort=price-asc',
    ],
    ['a negative relevance offset', { sort: 'relevance', values: [-5] }, '&sort=relevance&q=shirt'],
    ['a fractional relevance offset', { sort: 'relevance', values: [1.5] }, '&sort=relevance&q=shirt'],
  ])('answers 400 for a tampered cursor holding %s', async (_label, cursor, extra) => {
    const raw = Buffer.from(JSON.stringify(cursor)).toString('base64url');
    const response = await testApp.app.inject({ url: `/api/products?cursor=${raw}${extra}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CURSOR_INVALID');
  });

  it('answers 400 for any value PostgreSQL refuses as data (its 22xxx class), such as an odd time zone', () => {
    for (const code of ['22009', '22008', '22P02', '2201B', '22023']) {
      const error = new Error('Failed query', { cause: Object.assign(new Error('invalid value'), { code }) });
      expect(failureFor(error), code).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT' });
    }
    expect(failureFor(Object.assign(new Error('deadlock'), { code: '40P01' })).statusCode).toBe(500);
  });

  it('answers 400 for price filters beyond what a price can be', async () => {
    for (const query of ['minPrice=99999999999', 'maxPrice=1e15']) {
      expect((await testApp.app.inject({ url: `/api/products?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('answers 400 for a multipart body with no boundary, the wrong boundary, or cut off', async () => {
    const { token } = await registerUser(testApp.app);
    const cases: [string, string][] = [
      ['multipart/form-data', 'abc'],
      [
        'multipart/form-data; boundary=xyz',
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhi\r\n--abc--\r\n',
      ],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nhel',
      ],
    ];
    for (const [contentType, payload] of cases) {
      for (const [method, url] of [
        ['POST', '/api/media'],
        ['PUT', '/api/userProfile/profile'],
      ] as const) {
        const response = await testApp.app.inject({
          method,
          url,
          payload,
          headers: { 'content-type': contentType, ...bearer(token) },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().error.code).toBe('MALFORMED_BODY');
      }
    }
  });
});

describe('sessions ended by a password reset', () => {
  it('no longer show the owner their own pending listing', async () => {
    const seller = await verifiedSeller(testApp.app);
    const upload = multipart([{ name: 'file', value: await png(), filename: 'p.png' }]);
    const image = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/media',
        payload: upload.payload,
        headers: { ...upload.headers, ...bearer(seller.token) },
      })
    ).json().data.url;
    const product = (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: bearer(seller.token),
        payload: {
          title: 'Pending lamp',
          description: 'Bright.',
          specification: 'E27',
          category: 'Clothes',
          condition: 'New',
          price: 3000,
          priceCategory: '500-15000',
          primaryImageIndex: 0,
          images: image,
        },
      })
    ).json().data;
    expect(
      (await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(200);

    const { users } = await import('./db/schema');
    const { eq, sql } = await import('drizzle-orm');
    await testApp.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, seller.user.id));
    expect(
      (await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('what reaches the log', () => {
  it('redacts reset tokens and keys from logged addresses', () => {
    expect(redactSecrets('/reset-password?token=SECRET123&lang=fr')).toBe(
      '/reset-password?token=[redacted]&lang=fr',
    );
    expect(redactSecrets('/api/x?a=1&key=abc')).toBe('/api/x?a=1&key=[redacted]');
  });

  it("keeps a failed query's parameters (a password hash) out of the logged error", () => {
    const error = new Error(
      'Failed query: insert into "users" ("password_hash") values ($1)\nparams: scrypt$16384$8$1$salt$hash',
      {
        cause: Object.assign(new Error('duplicate key value'), { code: '23505' }),
      },
    );
    const logged = JSON.stringify(loggable(error));
    expect(logged).not.toContain('scrypt$');
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
  });
});

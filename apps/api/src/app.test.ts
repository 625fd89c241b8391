import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from './config';
import { buildTestApp, newUserInput, type TestApp } from '../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    config: {
      rateLimits: {
        ...defaultRateLimits,
        login: { max: 5, windowMs: 60_000 },
        register: { max: 3, windowMs: 60_000 },
        forgotPassword: { max: 2, windowMs: 60_000 },
        resolveAccount: { max: 3, windowMs: 60_000 },
        general: { max: 10_000, windowMs: 60_000 },
      },
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

describe('the API shell', () => {
  it('answers GET /api/health with the database in use', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      message: 'OK',
      data: { status: 'ok', database: expect.stringMatching(/pglite|postgres/) },
    });
  });

  it('answers a URL with a broken %-escape with 400 in the failure envelope, with its request id', async () => {
    for (const url of ['/api/products/%E0%A4%A', '/api/sellers/%ED%A0%80/reviews']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        ok: false,
        message: 'Some of the information sent is not valid.',
        error: { code: 'INVALID_INPUT' },
        requestId: response.headers['x-request-id'],
      });
      expect(response.headers['x-request-id']).toMatch(/\S+/);
    }
  });

  it('refuses a path that climbs out of its folder with 403 in the failure envelope', async () => {
    // Sent as written (a client's library would resolve the dots first).
    const app = await buildTestApp();
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.app.server.address() as { port: number };
      for (const climbing of [
        '/api/../../etc/passwd',
        '/media/../../etc/passwd',
        '/media/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const reply = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: climbing }, (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () => resolve({ status: response.statusCode, body }));
            })
            .on('error', reject);
        });
        expect(reply.status).toBe(403);
        expect(JSON.parse(reply.body)).toMatchObject({
          ok: false,
          message: 'You are not allowed to do this.',
          error: { code: 'FORBIDDEN' },
        });
      }
    } finally {
      await app.close();
    }
  });

  it('ignores a trailing slash', async () => {
    const response = await testApp.app.inject({ url: '/api/health/' });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown API route with a 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        ok: false,
        message: 'Not found.',
        error: { code: 'NOT_FOUND' },
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('publishes the OpenAPI description with the account routes at /api/docs', async () => {
    const spec = await testApp.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/users/register', '/api/users/login', '/api/userProfile/profile']),
    );
    const page = await testApp.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('lets pages load pictures and videos from PUBLIC_URL, the origin of every media URL in a reply, whatever address the page was reached at', async () => {
    // PUBLIC_URL is http://oja.test in the test suite; the page here is reached at localhost.
    const response = await testApp.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self'[^;]* http:\/\/oja\.test[; ]/);
    expect(csp).toMatch(/media-src 'self'[^;]* http:\/\/oja\.test[; ]/);
  });

  it('sends security headers with a Content-Security-Policy that allows no inline script', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('answers 415 for a content type it does not read, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: 'email=a@b.c',
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().ok).toBe(false);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: JSON.stringify({ email: 'a@b.ng', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
  });

  it('rate-limits registrations per address with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: newUserInput(),
        remoteAddress: '10.9.8.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: newUserInput(),
      remoteAddress: '10.9.8.7',
    });
    expect(limited.json()).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('rate-limits forgot-password per address with 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'someone@example.ng' },
        remoteAddress: '10.9.8.8',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('serving the web app', () => {
  let webApp: TestApp;
  beforeAll(async () => {
    const dist = path.join(testApp.dataDir, 'web-dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Oja</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("oja")');
    webApp = await buildTestApp({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await webApp.close();
  });

  it('serves index.html for deep links so that every page loads', async () => {
    for (const url of ['/', '/product/abc', '/reset-password?token=xyz', '/admin/users']) {
      const response = await webApp.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache and answers a missing asset with 404', async () => {
    const asset = await webApp.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await webApp.app.inject({ url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('writes a product’s title, picture and price into the Open Graph tags of its page, escaped', async () => {
    const { verifiedSeller, multipart, bearer } = await import('../test/helper');
    const { png } = await import('../test/fixtures');
    const { products } = await import('./db/schema');
    const { eq } = await import('drizzle-orm');
    const seller = await verifiedSeller(webApp.app);
    const upload = multipart([{ name: 'file', value: await png(800, 800), filename: 'p.png' }]);
    const image = (
      await webApp.app.inject({
        method: 'POST',
        url: '/api/media',
        payload: upload.payload,
        headers: { ...upload.headers, ...bearer(seller.token) },
      })
    ).json().data.url;
    const created = await webApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        title: 'Kente <scarf> "gold"',
        description: 'Handwoven.',
        specification: '2m',
        category: 'Clothes',
        condition: 'New',
        price: 12000,
        priceCategory: '500-15000',
        primaryImageIndex: 0,
        images: image,
      },
    });
    const id = created.json().data.id;

    const pending = await webApp.app.inject({ url: `/product/${id}` });
    expect(pending.body).not.toContain('og:title');

    await webApp.app.db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
    const page = await webApp.app.inject({ url: `/product/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta property="og:title" content="Kente &#60;scarf&#62; &#34;gold&#34; – ₦12,000">',
    );
    expect(page.body).toMatch(
      /<meta property="og:image" content="http:\/\/oja\.test\/media\/images\/[0-9a-f-]+-640\.webp">/,
    );
    expect(page.body).not.toContain('<scarf>');
    expect(page.body).toContain('<div id="root">');

    // `$&`, `$\`` and `$'` mean something to String.prototype.replace; in a title they stay text.
    const { readFileSync } = await import('node:fs');
    const indexHtml = readFileSync(path.join(testApp.dataDir, 'web-dist', 'index.html'), 'utf8');
    const patterned = await webApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        title: "Kente $` $& $' scarf",
        description: "Handwoven $' $`.",
        specification: '2m',
        category: 'Clothes',
        condition: 'New',
        price: 12000,
        priceCategory: '500-15000',
        primaryImageIndex: 0,
        images: image,
      },
    });
    await webApp.app.db
      .update(products)
      .set({ status: 'approved' })
      .where(eq(products.id, patterned.json().data.id));
    const patternedPage = await webApp.app.inject({ url: `/product/${patterned.json().data.id}` });
    expect(patternedPage.statusCode).toBe(200);
    const count = (html: string, fragment: string) => html.split(fragment).length - 1;
    // This build has no server bundle (web/dist/server): the page is index.html with the tags written in.
    for (const fragment of ['<html', '<head>', '</head>', '<script', '<div id="root">', '<title>']) {
      expect(count(patternedPage.body, fragment), fragment).toBe(count(indexHtml, fragment));
    }
    expect(patternedPage.body).toContain('<title>Kente $` $&#38; $&#39; scarf – ₦12,000 | Oja</title>');
    expect(patternedPage.body).toContain(
      '<meta property="og:title" content="Kente $` $&#38; $&#39; scarf – ₦12,000">',
    );
    expect(patternedPage.body).toContain('Handwoven $&#39; $`.');
  });

  it('keeps API 404s as JSON next to the web app', async () => {
    const response = await webApp.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('a request whose connection has no address', () => {
  it('is rate-limited under a fallback key instead of failing', async () => {
    const { buildApp } = await import('./app');
    const { createTestDatabase } = await import('../test/helper');
    const database = await createTestDatabase();
    const app = await buildApp({ config: testApp.config, database, logger: false });
    // What Node reports once the client has gone: no remote address on the socket. Added first, so it
    // runs before the rate limiter.
    app.addHook('onRequest', (request, _reply, done) => {
      Object.defineProperty(request, 'ip', { value: undefined });
      done();
    });
    try {
      // A rate-limited route (the probes are not rate limited).
      const response = await app.inject({ url: '/api/products' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe(String(testApp.config.rateLimits.general.max));
    } finally {
      await app.close();
      await database.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { products } from '../db/schema';
import { droppedFields, replySerializerCompiler } from '../lib/reply-schema';
import {
  bearer,
  buildTestApp,
  loginAsAdmin,
  multipart,
  verifiedSeller,
  type TestApp,
} from '../../test/helper';
import { png } from '../../test/fixtures';
import { replyProblems, type OpenApiDocument } from '../../test/openapi-check';

let testApp: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  testApp = await buildTestApp();
  document = (await testApp.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await testApp.close();
});

describe('the OpenAPI description at /api/docs', () => {
  it('describes each reply as it is sent, so a client generated from it reads every field', async () => {
    const seller = await verifiedSeller(testApp.app);
    const form = multipart([{ name: 'file', value: await png(), filename: 'shirt.png' }]);
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(seller.token) },
    });
    const picture = uploaded.json().data.url;
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller.token),
      payload: {
        title: 'Ankara dress',
        description: 'Worn twice.',
        specification: 'Size 12',
        category: 'Clothes',
        condition: 'New',
        price: 8000,
        priceCategory: '500-15000',
        primaryImageIndex: 0,
        images: picture,
      },
    });
    const id = created.json().data.id;
    await testApp.app.db.update(products).set({ status: 'approved' }).where(eq(products.id, id));
    const admin = await loginAsAdmin(testApp.app);

    const calls: { method: string; url: string; path: string; token?: string; payload?: object }[] = [
      { method: 'GET', url: '/api/products', path: '/api/products' },
      { method: 'GET', url: `/api/products/${id}`, path: '/api/products/{id}' },
      { method: 'GET', url: '/api/myProducts', path: '/api/myProducts', token: seller.token },
      {
        method: 'GET',
        url: '/api/userProfile/profile',
        path: '/api/userProfile/profile',
        token: seller.token,
      },
      {
        method: 'POST',
        url: '/api/users/login',
        path: '/api/users/login',
        payload: { email: seller.user.email, password: seller.password },
      },
      {
        method: 'GET',
        url: '/api/notify/notifications',
        path: '/api/notify/notifications',
        token: seller.token,
      },
      { method: 'GET', url: '/api/adminProduct', path: '/api/adminProduct', token: admin.token },
      { method: 'GET', url: `/api/adminProduct/${id}`, path: '/api/adminProduct/{id}', token: admin.token },
      { method: 'GET', url: '/api/admin/users', path: '/api/admin/users', token: admin.token },
    ];
    const problems = [
      ...replyProblems(document, 'POST', '/api/media', uploaded.statusCode, uploaded.json()),
      ...replyProblems(document, 'POST', '/api/products', created.statusCode, created.json()),
    ];
    for (const call of calls) {
      const response = await testApp.app.inject({
        method: call.method as 'GET' | 'POST',
        url: call.url,
        headers: call.token ? bearer(call.token) : {},
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBeLessThan(300);
      problems.push(...replyProblems(document, call.method, call.path, response.statusCode, response.json()));
    }
    expect(problems).toEqual([]);
  });

  it("describes a product's pictures as URL strings, their sizes in media, and user as an object with username", () => {
    const reply =
      document.paths['/api/products/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    const product = reply?.properties?.data?.properties;
    expect(product?.primaryImage).toMatchObject({ type: 'string', nullable: true });
    expect(product?.images).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(product?.video).toMatchObject({ type: 'string', nullable: true });
    expect(product?.media?.items?.properties).toHaveProperty('variants');
    expect(product?.user?.properties).toHaveProperty('username');
  });

  it('finds a field the description lacks', () => {
    const reply =
      document.paths['/api/products/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(reply).toBeDefined();
    expect(
      replyProblems(document, 'GET', '/api/products', 200, {
        ok: true,
        message: 'x',
        data: [],
        secret: 'leaked',
      }),
    ).toEqual(['body.secret: not in the OpenAPI description']);
  });
});

describe('replies and their schemas never drift apart', () => {
  it('fails a route that replies with a field its schema lacks, when strict as in the test suites', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(replySerializerCompiler({ isStrict: true }));
    // A handler that returns more than its schema describes (a password hash, say).
    const drifted: { id: string } = Object.assign({ id: 'a' }, { passwordHash: 'x' });
    app.get('/drifted', { schema: { response: { 200: z.object({ id: z.string() }) } } }, () =>
      Promise.resolve(drifted),
    );
    app.get('/described', { schema: { response: { 200: z.object({ id: z.string() }) } } }, () =>
      Promise.resolve({ id: 'a' }),
    );
    try {
      expect((await app.inject({ url: '/drifted' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/described' })).json()).toEqual({ id: 'a' });
    } finally {
      await app.close();
    }
  });

  it('names the fields dropped, nested ones included', () => {
    expect(droppedFields({ a: 1, b: [{ c: 1, d: 2 }] }, { a: 1, b: [{ c: 1 }] })).toEqual(['reply.b[0].d']);
    expect(droppedFields({ a: null }, { a: null })).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginAsAdmin, type TestApp } from '../../test/helper';
import { png } from '../../test/fixtures';
import { moderate, sellerListing } from '../../test/listings';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
});
afterAll(async () => {
  await testApp.close();
});

describe('the public micro-cache', () => {
  it('serves the public list from memory and forgets it as soon as a listing changes through the API', async () => {
    const { token: adminToken } = await loginAsAdmin(testApp.app);
    const { product: created } = await sellerListing(testApp.app, {
      fields: { title: 'Cached lamp', price: 3000 },
      picture: await png(),
    });

    const before = await testApp.app.inject({ url: '/api/products' });
    expect(before.json().data).toEqual([]);

    // A change made behind the API's back is not seen while the cached page is fresh...
    const { products } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await testApp.app.db
      .update(products)
      .set({ title: 'Changed behind the back' })
      .where(eq(products.id, created.id));
    expect((await testApp.app.inject({ url: '/api/products' })).json().data).toEqual([]);

    // ...but any change through the API clears the cache at once.
    expect((await moderate(testApp.app, adminToken, created.id)).statusCode).toBe(200);
    const after = (await testApp.app.inject({ url: '/api/products' })).json();
    expect(after.data.map((card: { title: string }) => card.title)).toEqual(['Changed behind the back']);
    expect(after.data[0]).not.toHaveProperty('searchVector');
  });

  it('never serves an owner’s private view from the cache, nor caches a 404', async () => {
    const { seller, product: created } = await sellerListing(testApp.app, {
      fields: { title: 'Pending chair', price: 3000 },
      picture: await png(),
    });
    expect(
      (await testApp.app.inject({ url: `/api/products/${created.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(200);
    expect((await testApp.app.inject({ url: `/api/products/${created.id}` })).statusCode).toBe(404);
    expect(
      (await testApp.app.inject({ url: `/api/products/${created.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('createMicroCache', () => {
  it('does not keep a body computed before a change that cleared the cache', async () => {
    const { createMicroCache } = await import('./micro-cache');
    const cache = createMicroCache({ ttlMs: 60_000 });
    const startedAt = cache.generation();
    cache.clear(); // a change lands while the old reply is being computed
    cache.set('list', 'old body', startedAt);
    expect(cache.get('list')).toBeUndefined();
    cache.set('list', 'new body', cache.generation());
    expect(cache.get('list')).toBe('new body');
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
import { bearer, registerUser, verifiedSeller } from '../../../test/helper';
import { listingRow } from '../../../test/listings';
import { walkPages } from '../../../test/paging';
import { approve, post, saleInput, testApp } from '../../../test/products';

describe('my products', () => {
  it('lists the owner’s listings in every status', async () => {
    const seller = await verifiedSeller(testApp.app);
    const one = (
      await post('/api/products', await saleInput(seller.token, { title: 'Mine one' }), seller.token)
    ).json().data;
    const two = (
      await post('/api/products/donate', await saleInput(seller.token, { title: 'Mine two' }), seller.token)
    ).json().data;
    await approve(one.id);
    const list = (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) })).json();
    expect(list.data.map((card: { id: string; status: string }) => [card.id, card.status])).toEqual([
      [two.id, 'pending'],
      [one.id, 'approved'],
    ]);
  });

  it('pages the owner’s listings by cursor, newest first, every one once, none of anyone else’s (issue 34)', async () => {
    const seller = await verifiedSeller(testApp.app);
    const other = await verifiedSeller(testApp.app);
    const mine = Array.from({ length: 7 }, (_, index) => listingRow(seller.user.id, `Mine ${index}`));
    await testApp.app.db.insert(products).values([...mine, listingRow(other.user.id, 'Theirs')]);
    // The newest four share one time to the microsecond; a cursor in milliseconds would repeat or skip some.
    await testApp.app.db.execute(
      sql`update products set created_at = timestamptz '2026-01-01 00:00:00.000123+00'
            + least(substr(title, 6)::int, 3) * interval '1 second'
          where owner_id = ${seller.user.id}::uuid`,
    );

    const pages = await walkPages<{ title: string }>(testApp.app, '/api/myProducts', {
      pageSize: 3,
      token: seller.token,
    });
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, 1]);
    const titles = pages.flatMap((page) => page.data.map((card) => card.title));
    expect(new Set(titles)).toEqual(new Set(mine.map((card) => card.title)));
    expect(titles.slice(4)).toEqual(['Mine 2', 'Mine 1', 'Mine 0']);
    expect(pages[0]?.meta.total).toBe(7);

    const tampered = await testApp.app.inject({
      url: '/api/myProducts?cursor=bm90LWEtY3Vyc29y',
      headers: bearer(seller.token),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('CURSOR_INVALID');
  });

  it('gives the profile the newest 50 listings, not every one (decision 088)', async () => {
    const seller = await verifiedSeller(testApp.app);
    await testApp.app.db.execute(sql`
      insert into products (owner_id, title, description, specification, category, condition, tag, price,
        price_category, location, created_at)
      select ${seller.user.id}::uuid, 'Lamp ' || g, 'Kept with care.', 'As in the pictures', 'Household-Items',
        'Fairly Used', 'For sale', 5000, '500-15000', 'Ikeja, Lagos',
        timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, 52) as g`);
    const profile = await testApp.app.inject({
      url: '/api/userProfile/profile',
      headers: bearer(seller.token),
    });
    const listed: { title: string }[] = profile.json().data.products;
    expect(listed).toHaveLength(50);
    expect(listed[0]?.title).toBe('Lamp 52');
    expect(listed.at(-1)?.title).toBe('Lamp 3');
  });

  it('lets the owner change the price of an approved listing without review, and sends a new title back to review', async () => {
    const seller = await verifiedSeller(testApp.app);
    const product = (await post('/api/products', await saleInput(seller.token), seller.token)).json().data;
    await approve(product.id);
    const put = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/myProducts/${product.id}`,
        payload,
        headers: bearer(seller.token),
      });

    const priceOnly = await put({ price: 9500 });
    expect(priceOnly.statusCode).toBe(200);
    expect(priceOnly.json()).toMatchObject({
      message: 'Product updated.',
      data: { price: 9500, status: 'approved' },
    });

    const newTitle = await put({ title: 'Ankara dress, size 14' });
    expect(newTitle.json()).toMatchObject({
      message: 'Product updated and sent back for approval.',
      data: { title: 'Ankara dress, size 14', status: 'pending' },
    });
  });

  it('keeps every upload rule on edits', async () => {
    const seller = await verifiedSeller(testApp.app);
    const product = (await post('/api/products', await saleInput(seller.token), seller.token)).json().data;
    const put = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/myProducts/${product.id}`,
        payload,
        headers: bearer(seller.token),
      });
    expect((await put({ price: 60000 })).json().error.code).toBe('PRICE_OUT_OF_RANGE');
    expect((await put({ price: 20000 })).json().error.code).toBe('PRICE_NOT_IN_RANGE');
    expect((await put({ category: 'Electronics' })).json().error.code).toBe('VIDEO_REQUIRED');
    expect((await put({ images: 'https://evil.example/x.jpg' })).json().error.code).toBe('IMAGE_NOT_YOURS');
    const unchanged = (
      await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) })
    ).json().data;
    expect(unchanged).toMatchObject({ price: 8000, category: 'Clothes' });
  });

  it('keeps a listing made before it had a video editable, as long as the edit leaves category and video alone', async () => {
    const seller = await verifiedSeller(testApp.app);
    const product = (await post('/api/products', await saleInput(seller.token), seller.token)).json().data;
    // As the demo data has it: an Electronics listing without a video.
    await testApp.app.db
      .update(products)
      .set({ category: 'Electronics', status: 'approved' })
      .where(eq(products.id, product.id));
    const put = (payload: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/myProducts/${product.id}`,
        payload,
        headers: bearer(seller.token),
      });
    const priceOnly = await put({ price: 9000 });
    expect(priceOnly.statusCode).toBe(200);
    expect(priceOnly.json().data).toMatchObject({ price: 9000, category: 'Electronics', status: 'approved' });
    expect((await put({ category: 'Accessories' })).json().error.code).toBe('VIDEO_REQUIRED');
  });

  it('lets nobody but the owner edit or delete: 404 for another user, 401 without login', async () => {
    const seller = await verifiedSeller(testApp.app);
    const product = (await post('/api/products', await saleInput(seller.token), seller.token)).json().data;
    const intruder = await verifiedSeller(testApp.app);

    const edit = await testApp.app.inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      payload: { title: 'Mine now' },
      headers: bearer(intruder.token),
    });
    expect(edit.statusCode).toBe(404);
    const remove = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/myProducts/delete/${product.id}`,
      headers: bearer(intruder.token),
    });
    expect(remove.statusCode).toBe(404);
    expect(
      (
        await testApp.app.inject({
          method: 'PUT',
          url: `/api/myProducts/${product.id}`,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/myProducts/delete/${product.id}` }))
        .statusCode,
    ).toBe(401);

    const still = await testApp.app.inject({
      url: `/api/products/${product.id}`,
      headers: bearer(seller.token),
    });
    expect(still.json().data.title).toBe('Ankara dress, size 12');

    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/myProducts/delete/${product.id}`,
      headers: bearer(seller.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Product deleted.');
    expect(
      (await testApp.app.inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a sold item (issue 32)', () => {
  it('keeps its page for the buyer, the seller and everyone, marked sold with the seller’s other items, and My products says sold', async () => {
    const seller = await verifiedSeller(testApp.app);
    const buyer = await registerUser(testApp.app);
    const sold = (
      await post('/api/products', await saleInput(seller.token, { title: 'Sold gown' }), seller.token)
    ).json().data;
    const other = (
      await post('/api/products', await saleInput(seller.token, { title: 'Other gown' }), seller.token)
    ).json().data;
    await approve(sold.id);
    await approve(other.id);
    // As the completion path leaves it: the item no longer available, a paid order for it.
    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, sold.id));
    await testApp.app.db.insert(orders).values({
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      productId: sold.id,
      productTitle: 'Sold gown',
      productAmount: 800_000,
      transactionCharge: 80_000,
      status: 'paid',
    });

    for (const headers of [bearer(buyer.token), bearer(seller.token), {}]) {
      const page = await testApp.app.inject({ url: `/api/products/${sold.id}`, headers });
      expect(page.statusCode).toBe(200);
      expect(page.json().data).toMatchObject({
        id: sold.id,
        title: 'Sold gown',
        isSold: true,
        availability: false,
      });
      expect(page.json().data.relatedProducts.map((card: { id: string }) => card.id)).toEqual([other.id]);
    }
    expect((await testApp.app.inject({ url: `/api/products/${other.id}` })).json().data.isSold).toBe(false);

    const list = (await testApp.app.inject({ url: '/api/myProducts', headers: bearer(seller.token) })).json();
    expect(list.data.map((card: { id: string; isSold: boolean }) => [card.id, card.isSold])).toEqual([
      [other.id, false],
      [sold.id, true],
    ]);
  });

  it('still hides a listing its seller merely switched off', async () => {
    const seller = await verifiedSeller(testApp.app);
    const product = (await post('/api/products', await saleInput(seller.token), seller.token)).json().data;
    await approve(product.id);
    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, product.id));
    expect((await testApp.app.inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
  });
});

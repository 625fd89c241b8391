import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { initialize } from '../../../test/checkout';
import { bearer, registerUser } from '../../../test/helper';
import { sellerListing, useAdminApp } from '../../../test/listings';

const { testApp, admin } = useAdminApp();

// An approved listing with a picture, as buyers find it (its seller can edit it: every upload rule holds).
const approvedListing = (title = 'Blue Ankara gown', price = 12_000) =>
  sellerListing(testApp.app, { fields: { title, price }, approved: true });

const save = (productId: string, token?: string) =>
  testApp.app.inject({
    method: 'PUT',
    url: `/api/favourites/${productId}`,
    headers: token ? bearer(token) : {},
  });
const unsave = (productId: string, token: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/favourites/${productId}`, headers: bearer(token) });
const savedList = (token: string, query = '') =>
  testApp.app.inject({ url: `/api/favourites${query}`, headers: bearer(token) });
// GET /api/favourites/ids, asked about `productIds` as the web app asks (comma-separated).
const askSaved = (token: string, query: string) =>
  testApp.app.inject({ url: `/api/favourites/ids${query}`, headers: bearer(token) });
const savedIds = async (token: string, productIds: string[]) =>
  (await askSaved(token, `?productIds=${productIds.join(',')}`)).json<{ data: string[] }>().data;

async function notificationsOf(token: string) {
  const response = await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(token) });
  return response.json<{ data: { code: string; params: Record<string, string>; message: string }[] }>().data;
}

describe('saving listings', () => {
  it('saves and unsaves idempotently, and lists the saved listing as a card', async () => {
    const { product } = await approvedListing('Saved gown');
    const shopper = await registerUser(testApp.app);

    const first = await save(product.id, shopper.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      message: 'Saved to your items.',
      data: { productId: product.id, isSaved: true },
    });
    expect((await save(product.id, shopper.token)).statusCode).toBe(200);
    expect(await savedIds(shopper.token, [product.id])).toEqual([product.id]);

    const list = (await savedList(shopper.token)).json();
    expect(list.meta).toEqual({ page: 1, pageSize: 12, total: 1 });
    expect(list.data).toEqual([
      expect.objectContaining({
        id: product.id,
        title: 'Saved gown',
        price: 12_000,
        availability: true,
        status: 'approved',
      }),
    ]);

    const removed = await unsave(product.id, shopper.token);
    expect(removed.json()).toMatchObject({
      ok: true,
      message: 'Removed from your saved items.',
      data: { isSaved: false },
    });
    expect((await unsave(product.id, shopper.token)).statusCode).toBe(200);
    expect(await savedIds(shopper.token, [product.id])).toEqual([]);
    expect((await savedList(shopper.token)).json().data).toEqual([]);
  });

  it('needs a login, and refuses a listing that is not public, a missing one and the seller’s own', async () => {
    const { seller, product } = await approvedListing();
    expect((await save(product.id)).statusCode).toBe(401);
    expect((await testApp.app.inject({ url: '/api/favourites' })).statusCode).toBe(401);

    const own = await save(product.id, seller.token);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({
      error: { code: 'SAVE_OWN_LISTING' },
      message: 'You cannot save your own listing.',
    });

    const shopper = await registerUser(testApp.app);
    await testApp.app.db.update(products).set({ status: 'pending' }).where(eq(products.id, product.id));
    expect((await save(product.id, shopper.token)).statusCode).toBe(404);
    expect((await save('00000000-0000-4000-8000-000000000000', shopper.token)).statusCode).toBe(404);
    expect((await save('not-an-id', shopper.token)).statusCode).toBe(404);
    expect(await savedIds(shopper.token, [product.id])).toEqual([]);
  });

  it('never shows one user’s saved items to another', async () => {
    const { product } = await approvedListing('Private wish');
    const first = await registerUser(testApp.app);
    const second = await registerUser(testApp.app);
    await save(product.id, first.token);
    expect((await savedList(second.token)).json().data).toEqual([]);
    expect(await savedIds(second.token, [product.id])).toEqual([]);
    // No route takes a user id: a user id in the query is ignored.
    expect((await savedList(second.token, `?userId=${first.user.id}`)).json().data).toEqual([]);
  });

  it('says which of the listings asked about are saved, in the order asked, however many the user saved', async () => {
    const [first, second, third] = [
      await approvedListing('First lamp'),
      await approvedListing('Second lamp'),
      await approvedListing('Third lamp'),
    ].map(({ product }) => product.id) as [string, string, string];
    const shopper = await registerUser(testApp.app);
    for (const id of [first, third]) expect((await save(id, shopper.token)).statusCode).toBe(200);

    const asked = await askSaved(shopper.token, `?productIds=${[third, second, first, third].join(',')}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ ok: true, data: [third, first] });
    // A repeated productIds is read as well; a hundred ids, most of them saved by nobody, are one question.
    expect((await askSaved(shopper.token, `?productIds=${second}&productIds=${first}`)).json().data).toEqual([
      first,
    ]);
    // An id written in capitals is the same listing.
    expect(await savedIds(shopper.token, [first.toUpperCase()])).toEqual([first]);
    const unknown = Array.from(
      { length: 98 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(await savedIds(shopper.token, [...unknown, first, third])).toEqual([first, third]);
    expect((await testApp.app.inject({ url: `/api/favourites/ids?productIds=${first}` })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['no ids', ''],
    ['an empty list', '?productIds='],
    ['an id that is not one', '?productIds=not-an-id'],
    [
      'more than a hundred ids',
      `?productIds=${Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')}`,
    ],
  ])('refuses a question with %s, clearly', async (_case, query) => {
    const shopper = await registerUser(testApp.app);
    const response = await askSaved(shopper.token, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('keeps a sold listing as no longer available, hides one sent back to review, and drops a deleted one', async () => {
    const sold = await approvedListing('Sold lamp');
    const reviewed = await approvedListing('Reviewed lamp');
    const deleted = await approvedListing('Deleted lamp');
    const shopper = await registerUser(testApp.app);
    for (const { product } of [sold, reviewed, deleted])
      expect((await save(product.id, shopper.token)).statusCode).toBe(200);

    await testApp.app.db.update(products).set({ isAvailable: false }).where(eq(products.id, sold.product.id));
    await testApp.app.db
      .update(products)
      .set({ status: 'pending' })
      .where(eq(products.id, reviewed.product.id));
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/myProducts/delete/${deleted.product.id}`,
          headers: bearer(deleted.seller.token),
        })
      ).statusCode,
    ).toBe(200);

    const list = (await savedList(shopper.token)).json();
    expect(list.data).toEqual([expect.objectContaining({ id: sold.product.id, availability: false })]);
    expect(list.meta.total).toBe(1);
  });

  it('pages the saved items, last saved first', async () => {
    const shopper = await registerUser(testApp.app);
    const saved: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const { product } = await approvedListing(title);
      await save(product.id, shopper.token);
      saved.push(product.id);
    }
    const firstPage = (await savedList(shopper.token, '?pageSize=2')).json();
    expect(firstPage.data.map((card: { id: string }) => card.id)).toEqual([saved[2], saved[1]]);
    expect(firstPage.meta).toEqual({ page: 1, pageSize: 2, total: 3 });
    const secondPage = (await savedList(shopper.token, '?pageSize=2&page=2')).json();
    expect(secondPage.data.map((card: { id: string }) => card.id)).toEqual([saved[0]]);
    expect((await savedList(shopper.token, '?pageSize=500')).statusCode).toBe(400);
  });
});

describe('telling savers', () => {
  it('tells savers when the owner lowers the price, not when it rises', async () => {
    const { seller, product } = await approvedListing('Price drop gown', 12_000);
    const shopper = await registerUser(testApp.app);
    await save(product.id, shopper.token);

    const edit = (price: number) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/myProducts/${product.id}`,
        headers: bearer(seller.token),
        payload: { price, priceCategory: '500-15000' },
      });
    expect((await edit(13_000)).statusCode).toBe(200);
    expect(
      (await notificationsOf(shopper.token)).filter((n) => n.code === 'SAVED_ITEM_PRICE_DROPPED'),
    ).toEqual([]);

    expect((await edit(9_500)).statusCode).toBe(200);
    const notices = (await notificationsOf(shopper.token)).filter(
      (n) => n.code === 'SAVED_ITEM_PRICE_DROPPED',
    );
    expect(notices).toEqual([
      expect.objectContaining({
        params: { title: 'Price drop gown', price: '₦9,500', oldPrice: '₦13,000', productId: product.id },
        message: 'Price drop: "Price drop gown", which you saved, is now ₦9,500 (was ₦13,000).',
      }),
    ]);
    // The seller is not a saver and hears nothing of it.
    expect((await notificationsOf(seller.token)).some((n) => n.code === 'SAVED_ITEM_PRICE_DROPPED')).toBe(
      false,
    );
  });

  it('tells savers when an admin lowers the price', async () => {
    const { product } = await approvedListing('Admin drop gown', 12_000);
    const shopper = await registerUser(testApp.app);
    await save(product.id, shopper.token);
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/adminProduct/${product.id}`,
      headers: bearer(admin.token),
      payload: { price: 11_000 },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (await notificationsOf(shopper.token)).find((n) => n.code === 'SAVED_ITEM_PRICE_DROPPED')?.params,
    ).toMatchObject({ price: '₦11,000', oldPrice: '₦12,000' });
  });

  it('tells savers, but not the buyer, when someone starts paying for the item', async () => {
    const { product } = await approvedListing('Held gown');
    const shopper = await registerUser(testApp.app);
    const buyer = await registerUser(testApp.app);
    await save(product.id, shopper.token);
    await save(product.id, buyer.token);

    const started = await initialize(testApp.app, buyer.token, { product_id: product.id });
    expect(started.statusCode).toBe(201);
    expect((await notificationsOf(shopper.token)).filter((n) => n.code === 'SAVED_ITEM_ON_HOLD')).toEqual([
      expect.objectContaining({
        params: { title: 'Held gown', productId: product.id },
        message:
          'Someone has started paying for "Held gown", which you saved. If the payment does not go through, it will be available again.',
      }),
    ]);
    expect((await notificationsOf(buyer.token)).some((n) => n.code === 'SAVED_ITEM_ON_HOLD')).toBe(false);
    // The buyer coming back to the same payment page is no new hold.
    await initialize(testApp.app, buyer.token, { product_id: product.id });
    expect(
      (await notificationsOf(shopper.token)).filter((n) => n.code === 'SAVED_ITEM_ON_HOLD'),
    ).toHaveLength(1);
  });
});

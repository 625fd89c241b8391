import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer as newBuyer } from '../../../test/checkout';
import { bearer, buildTestApp, type TestApp } from '../../../test/helper';
import { sellerListing } from '../../../test/listings';
import { answer, offerId, offersOf } from '../../../test/offers';

// Offers end when their listing changes under them (decision 061): a new price ends the open ones, a
// withdrawal ends all of them; their buyers are told at once.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;
const edit = (productId: string, token: string, payload: Record<string, unknown>) =>
  app().inject({ method: 'PUT', url: `/api/myProducts/${productId}`, headers: bearer(token), payload });
const lastNotice = async (token: string) =>
  (await app().inject({ url: '/api/notify/notifications', headers: bearer(token) })).json<{
    data: { message: string }[];
  }>().data[0]?.message;

describe('a listing edited under its offers', () => {
  it('ends the open offers when the price changes, and keeps the accepted one at its price', async () => {
    const { seller, product } = await sellerListing(app(), { fields: { price: 12_000 }, approved: true });
    const open = await newBuyer(app());
    const agreed = await newBuyer(app());
    await offerId(app(), product.id, open.token, 9000);
    const acceptedId = await offerId(app(), product.id, agreed.token, 10_000);
    expect((await answer(app(), acceptedId, seller.token, 'accept')).statusCode).toBe(200);

    expect(
      (await edit(product.id, seller.token, { price: 11_000, priceCategory: '500-15000' })).statusCode,
    ).toBe(200);
    expect((await offersOf(app(), open.token))[0]?.status).toBe('ended');
    expect(await lastNotice(open.token)).toBe(
      `Your offer for "${product.title}" has ended: the item was sold, withdrawn or its price changed.`,
    );
    expect((await offersOf(app(), agreed.token))[0]).toMatchObject({
      status: 'accepted',
      agreedAmount: 10_000,
    });
  });

  it('ends every offer, the accepted one too, when the listing is withdrawn', async () => {
    const { seller, product } = await sellerListing(app(), { fields: { price: 12_000 }, approved: true });
    const buyer = await newBuyer(app());
    const id = await offerId(app(), product.id, buyer.token, 9000);
    expect((await answer(app(), id, seller.token, 'accept')).statusCode).toBe(200);
    expect((await edit(product.id, seller.token, { availability: false })).statusCode).toBe(200);
    expect((await offersOf(app(), buyer.token))[0]?.status).toBe('ended');
    const quote = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(buyer.token) });
    expect(quote.statusCode).toBe(404);
  });
});

describe('offers and the rights over one’s data', () => {
  it('lists a user’s offers in their export, and withdraws them when the account is deleted', async () => {
    const { seller, product } = await sellerListing(app(), { fields: { price: 12_000 }, approved: true });
    const buyer = await newBuyer(app());
    const id = await offerId(app(), product.id, buyer.token, 9000);
    expect((await answer(app(), id, seller.token, 'accept')).statusCode).toBe(200);

    const exported = await app().inject({ url: '/api/userProfile/export', headers: bearer(buyer.token) });
    expect(exported.json().data.offers).toMatchObject([
      { id, role: 'buyer', with: seller.user.username, amount: 9000, agreedAmount: 9000, status: 'accepted' },
    ]);

    const deleted = await app().inject({
      method: 'DELETE',
      url: '/api/userProfile',
      headers: bearer(buyer.token),
      payload: { password: buyer.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await offersOf(app(), seller.token))[0]?.status).toBe('withdrawn');
    // The item is no longer held for nobody: another buyer may pay for it.
    const other = await newBuyer(app());
    const quote = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(other.token) });
    expect(quote.json().data.blockedBy).toBeNull();
  });
});

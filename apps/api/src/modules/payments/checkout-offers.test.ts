import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, transactions } from '../../db/schema';
import { buyer as newBuyer, initialize, payInSandbox, sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, type TestApp } from '../../../test/helper';
import { answer, offerId, offersOf } from '../../../test/offers';
import { sweepOffers } from '../offers/index';

// Checkout at an offer's agreed price (issue 30, decision 061): the server decides the amount.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;
const quote = (productId: string, token: string) =>
  app().inject({ url: `/api/checkout/${productId}`, headers: bearer(token) });

async function acceptedOffer(amount = 8000) {
  const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
  const buyer = await newBuyer(app());
  const id = await offerId(app(), product.id, buyer.token, amount);
  expect((await answer(app(), id, seller.token, 'accept')).statusCode).toBe(200);
  return { seller, product, buyer, id };
}

describe('paying for an accepted offer', () => {
  it('charges the agreed price, refuses a tampered amount, and stores the agreed price with its 10 percent', async () => {
    const { product, buyer, id } = await acceptedOffer(8000);
    const quoted = (await quote(product.id, buyer.token)).json().data;
    expect(quoted).toMatchObject({
      amount: 800_000,
      transactionCharge: 80_000,
      sellerAmount: 720_000,
      blockedBy: null,
      agreedOffer: { id, amount: 8000 },
    });
    expect(quoted.product.price).toBe(10_000);

    for (const amount of [1_000_000, 1, '700000']) {
      const tampered = await initialize(app(), buyer.token, { product_id: product.id, amount });
      expect([tampered.statusCode, tampered.json().error.code]).toEqual([422, 'AMOUNT_MISMATCH']);
    }
    expect(await app().db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);

    const started = await initialize(app(), buyer.token, { product_id: product.id, amount: 800_000 });
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({ amount: 800_000, transactionCharge: 80_000 });
    const [order] = await app().db.select().from(orders).where(eq(orders.productId, product.id));
    expect(order).toMatchObject({ productAmount: 800_000, transactionCharge: 80_000 });

    expect((await payInSandbox(app(), started.json().data.reference)).statusCode).toBe(303);
    const [paid] = await app()
      .db.select()
      .from(transactions)
      .where(eq(transactions.reference, started.json().data.reference));
    expect(paid).toMatchObject({ status: 'success', amount: 800_000 });
    expect((await offersOf(app(), buyer.token))[0]?.status).toBe('completed');
    await sweepOffers({ db: app().db });
    expect((await offersOf(app(), buyer.token))[0]?.status).toBe('completed');
  });

  it('shows the item as held to anyone else, who cannot pay for it nor offer on it', async () => {
    const { product } = await acceptedOffer();
    const other = await newBuyer(app());
    expect((await quote(product.id, other.token)).json().data).toMatchObject({
      amount: 1_000_000,
      blockedBy: 'PRODUCT_HELD_FOR_OFFER',
      agreedOffer: null,
    });
    const refused = await initialize(app(), other.token, { product_id: product.id });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This item is held for a buyer whose offer was accepted.',
    ]);
    const offer = await app().inject({
      method: 'POST',
      url: `/api/products/${product.id}/offers`,
      headers: bearer(other.token),
      payload: { amount: 9000 },
    });
    expect([offer.statusCode, offer.json().error.code]).toEqual([409, 'PRODUCT_HELD_FOR_OFFER']);
  });
});

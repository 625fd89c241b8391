import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer as newBuyer, sellerWithListing } from '../../../test/checkout';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { answer, offerId, offersOf } from '../../../test/offers';

// Run on PostgreSQL (TEST_DATABASE_URL) to race for real: every request has its own connection there.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('two accepts at once of two offers on one item', () => {
  it('accepts exactly one; the other is told the item is held for another buyer', async () => {
    const { app } = testApp;
    const { seller, product } = await sellerWithListing(app, { price: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer(app)));
    const ids = await Promise.all(
      buyers.map((buyer, index) => offerId(app, product.id, buyer.token, 7000 + index * 100)),
    );
    // Three of them countered and accepted by their buyers, three accepted by the seller, all at once.
    for (const id of ids.slice(0, 3)) await answer(app, id, seller.token, 'counter', 9500);
    const replies = await Promise.all(
      ids.map((id, index) =>
        index < 3 ? answer(app, id, buyers[index]!.token, 'accept') : answer(app, id, seller.token, 'accept'),
      ),
    );

    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const reply of replies.filter((candidate) => candidate.statusCode === 409))
      expect(reply.json()).toMatchObject({
        message: 'This item is held for a buyer whose offer was accepted.',
        error: { code: 'PRODUCT_HELD_FOR_OFFER' },
      });
    const statuses = (await offersOf(app, seller.token, `?productId=${product.id}`)).map(
      (offer) => offer.status,
    );
    expect(statuses.filter((status) => status === 'accepted')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'pending' || status === 'countered')).toHaveLength(5);
  });
});

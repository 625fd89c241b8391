import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, transactions } from '../../db/schema';
import { buyer as newBuyer, initialize, sellerWithListing } from '../../../test/checkout';
import { buildTestApp, type TestApp } from '../../../test/helper';

// Run on PostgreSQL (TEST_DATABASE_URL) to race for real: every request has its own connection there.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('20 buyers starting checkout of one item at once', () => {
  it('gives exactly one of them the hold; the others are told someone else is paying', async () => {
    const { app } = testApp;
    const { product } = await sellerWithListing(app);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer(app)));
    const replies = await Promise.all(
      buyers.map((buyer) => initialize(app, buyer.token, { product_id: product.id, quantity: 1 })),
    );

    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    for (const reply of replies.filter((candidate) => candidate.statusCode === 409)) {
      expect(reply.json()).toMatchObject({
        message: 'Someone else is paying for this item right now. Please try again in a few minutes.',
        error: { code: 'PRODUCT_ON_HOLD' },
      });
    }
    const held = await app.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(held).toHaveLength(1);
    expect(held[0]?.status).toBe('pending');
    const payments = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.orderId, held[0]?.id ?? ''));
    expect(payments).toHaveLength(1);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, transactions } from '../../db/schema';
import { approvedListing, buyer as newBuyer, initialize, sellerWithListing } from '../../../test/checkout';
import { useTestApp, verifiedSeller } from '../../../test/helper';
import { expireHolds } from './holds';

// One account could hold every item, renewably (issue 27, decision 049): at most 3 holds at once, not the
// same item again right after a hold on it ran out, and no new hold after 5 unpaid ones in 24 hours.
// Run on PostgreSQL (TEST_DATABASE_URL) to race for real: every request has its own connection there.

const testApp = useTestApp({
  env: { HOLDS_PER_BUYER: '3', HOLD_COOLDOWN_SECONDS: '900', UNPAID_HOLDS_PER_DAY: '5' },
});

async function ordersOf(buyerId: string) {
  return testApp.app.db.select().from(orders).where(eq(orders.buyerId, buyerId));
}

// The buyer's hold on the item runs out and the sweep ends it, as it would after 15 minutes.
async function runOut(buyerId: string, productId: string) {
  await testApp.app.db
    .update(orders)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(orders.buyerId, buyerId), eq(orders.productId, productId), eq(orders.status, 'pending')));
  await expireHolds({ db: testApp.app.db });
}

describe('holds one buyer may take', () => {
  it('refuses a fourth hold at once with 429 HOLD_LIMIT_REACHED and writes nothing', async () => {
    const { app } = testApp;
    const seller = await verifiedSeller(app);
    const items = await Promise.all(Array.from({ length: 4 }, () => approvedListing(app, seller)));
    const buyer = await newBuyer(app);
    for (const item of items.slice(0, 3))
      expect((await initialize(app, buyer.token, { product_id: item.id })).statusCode).toBe(201);

    const fourth = await initialize(app, buyer.token, { product_id: items[3]?.id });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      ok: false,
      message:
        'You are already paying for as many items as you can at once. Finish one of those payments or let it run out first.',
      error: { code: 'HOLD_LIMIT_REACHED' },
    });
    expect(await ordersOf(buyer.user.id)).toHaveLength(3);
    // Starting one of the three again is the same payment page, not a new hold.
    expect((await initialize(app, buyer.token, { product_id: items[0]?.id })).statusCode).toBe(200);
    // Once one of them runs out, a new one may start.
    await runOut(buyer.user.id, items[0]?.id ?? '');
    expect((await initialize(app, buyer.token, { product_id: items[3]?.id })).statusCode).toBe(201);
  });

  it('counts parallel starts by one buyer one after the other: 19 at once give exactly 3 holds', async () => {
    const { app } = testApp;
    const seller = await verifiedSeller(app);
    const items = await Promise.all(Array.from({ length: 19 }, () => approvedListing(app, seller)));
    const buyer = await newBuyer(app);
    const replies = await Promise.all(
      items.map((item) => initialize(app, buyer.token, { product_id: item.id })),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, ...Array.from({ length: 16 }, () => 429)]);
    for (const reply of replies.filter((candidate) => candidate.statusCode === 429)) {
      expect(reply.json()).toMatchObject({ error: { code: 'HOLD_LIMIT_REACHED' } });
    }
    const held = await ordersOf(buyer.user.id);
    expect(held).toHaveLength(3);
    const payments = await testApp.app.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, buyer.user.id));
    expect(payments).toHaveLength(3);
  });

  it('does not let the buyer hold the same item again right after their hold ran out; others may', async () => {
    const { app } = testApp;
    const { product } = await sellerWithListing(app);
    const buyer = await newBuyer(app);
    expect((await initialize(app, buyer.token, { product_id: product.id })).statusCode).toBe(201);
    await runOut(buyer.user.id, product.id);

    const again = await initialize(app, buyer.token, { product_id: product.id });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      message:
        'Your hold on this item has just run out. Please wait a few minutes before trying again, so other buyers get a chance.',
      error: { code: 'HOLD_COOLDOWN' },
    });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await ordersOf(buyer.user.id)).toHaveLength(1);

    const other = await newBuyer(app);
    expect((await initialize(app, other.token, { product_id: product.id })).statusCode).toBe(201);
    await runOut(other.user.id, product.id);

    // After the cool-down, the first buyer may try again.
    await testApp.app.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '901 seconds'` })
      .where(eq(orders.buyerId, buyer.user.id));
    expect((await initialize(app, buyer.token, { product_id: product.id })).statusCode).toBe(201);
  });

  it('stops new holds after five holds ended unpaid in 24 hours, until the oldest leaves the window', async () => {
    const { app } = testApp;
    const seller = await verifiedSeller(app);
    const items = await Promise.all(Array.from({ length: 6 }, () => approvedListing(app, seller)));
    const buyer = await newBuyer(app);
    for (const item of items.slice(0, 5)) {
      expect((await initialize(app, buyer.token, { product_id: item.id })).statusCode).toBe(201);
      await runOut(buyer.user.id, item.id);
    }
    const refused = await initialize(app, buyer.token, { product_id: items[5]?.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many of your recent checkouts ended without payment. You can start a new one later.',
      error: { code: 'UNPAID_HOLDS_LIMIT' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await ordersOf(buyer.user.id)).toHaveLength(5);

    // A day later the oldest no longer counts.
    const [oldest] = await ordersOf(buyer.user.id);
    await testApp.app.db
      .update(orders)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, oldest?.id ?? ''));
    expect((await initialize(app, buyer.token, { product_id: items[5]?.id })).statusCode).toBe(201);
  });
});

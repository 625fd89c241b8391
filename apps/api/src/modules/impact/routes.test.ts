import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPACT_FACTORS } from '@marketplace/shared/impact';
import type { Category } from '@marketplace/shared/constants';
import { impactChanges, orders, products } from '../../db/schema';
import { foldImpactChanges } from './service';
import { bearer, buildTestApp, registerUser, type RegisteredUser, type TestApp } from '../../../test/helper';
import { sellerWithListing } from '../../../test/checkout';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

// An order of `buyer` for a listing of `category`, in `status`, as checkout writes it.
async function order(
  buyer: RegisteredUser,
  category: Category,
  status: 'paid' | 'pending' | 'refunded' | 'cancelled',
  // An order written before orders kept their listing's category has none; `listingGone`: its listing was
  // deleted before they did, so it has no listing either.
  { keptCategory = true, listingGone = false } = {},
) {
  const { seller, product } = await sellerWithListing(testApp.app, { category });
  const [written] = await testApp.app.db
    .insert(orders)
    .values({
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      productId: listingGone ? null : product.id,
      productTitle: product.title,
      productCategory: keptCategory ? category : null,
      productAmount: 1_234_500,
      transactionCharge: 123_450,
      status,
    })
    .returning({ id: orders.id });
  return { seller, product, orderId: written!.id };
}

// A donation of `category` given to `recipient` through the app.
async function give(recipient: RegisteredUser, category: Category) {
  const { seller, product } = await sellerWithListing(testApp.app, {
    category,
    tag: 'Donate',
    price: null,
    priceCategory: null,
  });
  const asked = await testApp.app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/requests`,
    headers: bearer(recipient.token),
    payload: { reason: 'For my family.' },
  });
  const requestId = asked.json<{ data: { id: string } }>().data.id;
  const picked = await testApp.app.inject({
    method: 'POST',
    url: `/api/products/${product.id}/requests/${requestId}/pick`,
    headers: bearer(seller.token),
  });
  expect(picked.statusCode).toBe(200);
  return { seller, product };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

type Figures = { sold: number; given: number; categories: { category: string; sold: number }[] };
const figures = async () => (await testApp.app.inject({ url: '/api/impact' })).json<{ data: Figures }>().data;
const soldIn = (impact: Figures, category: Category) =>
  impact.categories.find((row) => row.category === category)?.sold ?? 0;

describe('GET /api/impact', () => {
  it('counts paid orders and items given away with each category’s factor, and nothing else', async () => {
    const empty = await testApp.app.inject({ url: '/api/impact' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ sold: 0, given: 0, co2eKg: 0, wasteKg: 0 });
    expect(empty.json().data.categories).toHaveLength(4);

    const buyer = await registerUser(testApp.app);
    const { product: soldPhone } = await order(buyer, 'Electronics', 'paid');
    await order(buyer, 'Clothes', 'paid');
    await order(buyer, 'Clothes', 'refunded');
    await order(buyer, 'Clothes', 'pending');
    await order(buyer, 'Accessories', 'cancelled');
    await give(buyer, 'Household-Items');
    await give(buyer, 'Clothes');
    // A sold listing deleted afterwards still counts: the order kept its category.
    await testApp.app.db.delete(products).where(eq(products.id, soldPhone.id));

    const response = await testApp.app.inject({ url: '/api/impact' });
    expect(response.json()).toMatchObject({ ok: true, message: 'Impact fetched successfully.' });
    const impact = response.json<{
      data: {
        sold: number;
        given: number;
        co2eKg: number;
        wasteKg: number;
        categories: { category: string; sold: number; given: number; co2eKg: number; wasteKg: number }[];
      };
    }>().data;
    const { Clothes, Electronics, 'Household-Items': household } = IMPACT_FACTORS;
    expect(impact).toMatchObject({
      sold: 2,
      given: 2,
      co2eKg: round1(Electronics.co2eKg + 2 * Clothes.co2eKg + household.co2eKg),
      wasteKg: round1(Electronics.wasteKg + 2 * Clothes.wasteKg + household.wasteKg),
    });
    expect(impact.categories).toEqual([
      {
        category: 'Clothes',
        sold: 1,
        given: 1,
        co2eKg: round1(2 * Clothes.co2eKg),
        wasteKg: round1(2 * Clothes.wasteKg),
      },
      {
        category: 'Electronics',
        sold: 1,
        given: 0,
        co2eKg: Electronics.co2eKg,
        wasteKg: Electronics.wasteKg,
      },
      {
        category: 'Household-Items',
        sold: 0,
        given: 1,
        co2eKg: household.co2eKg,
        wasteKg: household.wasteKg,
      },
      { category: 'Accessories', sold: 0, given: 0, co2eKg: 0, wasteKg: 0 },
    ]);
  });

  it('counts an order that kept no category by its listing’s, and one whose listing is gone not at all', async () => {
    const before = await figures();
    const buyer = await registerUser(testApp.app);
    await order(buyer, 'Accessories', 'paid', { keptCategory: false });
    await order(buyer, 'Accessories', 'paid', { keptCategory: false, listingGone: true });

    const after = await figures();
    expect(after.sold).toBe(before.sold + 1);
    expect(soldIn(after, 'Accessories')).toBe(soldIn(before, 'Accessories') + 1);
  });

  it('keeps count as orders are paid and refunded and items given, folded into its tally or not (decision 092)', async () => {
    const buyer = await registerUser(testApp.app);
    const before = await figures();
    const { orderId: first } = await order(buyer, 'Electronics', 'pending');
    const { orderId: second, product: phone } = await order(buyer, 'Electronics', 'paid');
    await testApp.app.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, first));
    expect(soldIn(await figures(), 'Electronics')).toBe(soldIn(before, 'Electronics') + 2);

    // A minute's changes are added into the tally; the figures do not move, and the next changes count on.
    expect(await foldImpactChanges({ db: testApp.app.db })).toBeGreaterThanOrEqual(2);
    expect(await testApp.app.db.select().from(impactChanges)).toEqual([]);
    expect(soldIn(await figures(), 'Electronics')).toBe(soldIn(before, 'Electronics') + 2);
    await testApp.app.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, second));
    // The same status written again is no change.
    await testApp.app.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, first));
    await give(buyer, 'Electronics');
    // An update naming only the listing gives a paid order without one its category, and it counts.
    const { orderId: third } = await order(buyer, 'Electronics', 'paid', {
      keptCategory: false,
      listingGone: true,
    });
    expect(soldIn(await figures(), 'Electronics')).toBe(soldIn(before, 'Electronics') + 1);
    await testApp.app.db.update(orders).set({ productId: phone.id }).where(eq(orders.id, third));
    const after = await figures();
    expect(soldIn(after, 'Electronics')).toBe(soldIn(before, 'Electronics') + 2);
    expect(after.given).toBe(before.given + 1);

    // Counted again from every order and donation, the figures are the same.
    await testApp.app.db.execute(sql`select impact_recount()`);
    expect(await figures()).toEqual(after);
    expect(await testApp.app.db.select().from(impactChanges)).toEqual([]);
  });
});

describe('GET /api/impact/me', () => {
  it('shows what a user passed on and what they received', async () => {
    const person = await registerUser(testApp.app);
    expect(
      (await testApp.app.inject({ url: '/api/impact/me', headers: bearer(person.token) })).json().data,
    ).toEqual({
      passedOn: { sold: 0, given: 0, co2eKg: 0, wasteKg: 0 },
      received: { sold: 0, given: 0, co2eKg: 0, wasteKg: 0 },
    });

    const { seller } = await order(person, 'Clothes', 'paid');
    const { seller: giver } = await give(person, 'Electronics');
    const { Clothes, Electronics } = IMPACT_FACTORS;
    const mine = await testApp.app.inject({ url: '/api/impact/me', headers: bearer(person.token) });
    expect(mine.json().data).toEqual({
      passedOn: { sold: 0, given: 0, co2eKg: 0, wasteKg: 0 },
      received: {
        sold: 1,
        given: 1,
        co2eKg: round1(Clothes.co2eKg + Electronics.co2eKg),
        wasteKg: round1(Clothes.wasteKg + Electronics.wasteKg),
      },
    });
    expect(
      (await testApp.app.inject({ url: '/api/impact/me', headers: bearer(seller.token) })).json().data
        .passedOn,
    ).toEqual({
      sold: 1,
      given: 0,
      co2eKg: Clothes.co2eKg,
      wasteKg: Clothes.wasteKg,
    });
    expect(
      (await testApp.app.inject({ url: '/api/impact/me', headers: bearer(giver.token) })).json().data
        .passedOn,
    ).toEqual({
      sold: 0,
      given: 1,
      co2eKg: Electronics.co2eKg,
      wasteKg: Electronics.wasteKg,
    });
    expect((await testApp.app.inject({ url: '/api/impact/me' })).statusCode).toBe(401);
  });
});

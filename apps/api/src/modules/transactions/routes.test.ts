import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, orders, productImages, products, transactions } from '../../db/schema';
import { approvedListing, paidOrderRow } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('transactions', () => {
  it('answers an empty list when nobody has paid yet', async () => {
    const { token } = await loginAsAdmin(testApp.app);
    const response = await testApp.app.inject({ url: '/api/admin/all-transactions', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, data: [], meta: { total: 0 } });
  });

  it('shows admins every transaction with buyer and order in kobo, and each user only their own', async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    const otherBuyer = await registerUser(testApp.app);
    await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-BUYER-1');
    await paidOrderRow(testApp.app, otherBuyer.user.id, seller.user.id, 'REF-OTHER-1');

    const { token } = await loginAsAdmin(testApp.app);
    const all = (
      await testApp.app.inject({ url: '/api/admin/all-transactions', headers: bearer(token) })
    ).json().data;
    expect(all.map((row: { reference: string }) => row.reference).sort()).toEqual([
      'REF-BUYER-1',
      'REF-OTHER-1',
    ]);
    expect(all[0]).toMatchObject({
      amount: 800_000,
      currency: 'NGN',
      status: 'success',
      order: { productAmount: 8_000, productAmountKobo: 800_000, transactionCharge: 80_000 },
    });

    const mine = (await testApp.app.inject({ url: '/api/transactions', headers: bearer(buyer.token) })).json()
      .data;
    expect(mine.map((row: { reference: string }) => row.reference)).toEqual(['REF-BUYER-1']);
    expect(mine[0]).toMatchObject({ role: 'buyer', user: { username: buyer.user.username } });

    // The seller sees both sales, newest first, in pages.
    const firstPage = (
      await testApp.app.inject({ url: '/api/transactions?page=1&pageSize=1', headers: bearer(seller.token) })
    ).json();
    expect(firstPage.meta).toEqual({ page: 1, pageSize: 1, total: 2 });
    expect(firstPage.data).toEqual([expect.objectContaining({ reference: 'REF-OTHER-1', role: 'seller' })]);
    const secondPage = (
      await testApp.app.inject({ url: '/api/transactions?page=2&pageSize=1', headers: bearer(seller.token) })
    ).json();
    expect(secondPage.data.map((row: { reference: string }) => row.reference)).toEqual(['REF-BUYER-1']);
    expect(
      (await testApp.app.inject({ url: '/api/transactions?pageSize=0', headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(400);

    // The seller's account summary: sales, the 90 percent, the 10 percent fee, payouts still to come.
    const summary = (
      await testApp.app.inject({ url: '/api/account-summary', headers: bearer(seller.token) })
    ).json().data;
    expect(summary).toMatchObject({
      salesCount: 2,
      salesTotal: 1_600_000,
      earned: 1_440_000,
      fees: 160_000,
      pendingPayouts: 1_440_000,
      onHoldCount: 0,
    });
    expect(summary.recentSales).toHaveLength(2);
    expect(summary.recentSales[0]).toMatchObject({
      amount: 800_000,
      transactionCharge: 80_000,
      sellerAmount: 720_000,
    });
    const buyerSummary = (
      await testApp.app.inject({ url: '/api/account-summary', headers: bearer(buyer.token) })
    ).json().data;
    expect(buyerSummary).toMatchObject({
      salesCount: 0,
      salesTotal: 0,
      earned: 0,
      pendingPayouts: 0,
      recentSales: [],
    });
  });

  it('shows the seller the item amount and their 90 percent, without the delivery fee the buyer paid (issue 32)', async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    const order = await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-DELIVERY-1');
    // ₦36,000 for the item and ₦3,600 of delivery: the buyer paid ₦39,600.
    await testApp.app.db
      .update(orders)
      .set({
        productAmount: 3_600_000,
        transactionCharge: 360_000,
        deliveryFee: 360_000,
        delivery: 'courier',
      })
      .where(eq(orders.id, order.id));
    await testApp.app.db
      .update(transactions)
      .set({ amount: 3_960_000 })
      .where(eq(transactions.orderId, order.id));

    const sold = (
      await testApp.app.inject({ url: '/api/transactions', headers: bearer(seller.token) })
    ).json().data;
    expect(sold[0]).toMatchObject({
      role: 'seller',
      amount: 3_960_000,
      itemAmount: 3_600_000,
      sellerAmount: 3_240_000,
    });
    const bought = (
      await testApp.app.inject({ url: '/api/transactions', headers: bearer(buyer.token) })
    ).json().data;
    expect(bought[0]).toMatchObject({
      role: 'buyer',
      amount: 3_960_000,
      itemAmount: 3_600_000,
      sellerAmount: null,
    });
  });

  it('gives admins the one payment of a reference (where a notification about it links), and nothing for an unknown one', async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-LINKED-1');
    await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-LINKED-2');
    const { token } = await loginAsAdmin(testApp.app);
    const one = (
      await testApp.app.inject({
        url: '/api/admin/all-transactions?reference=REF-LINKED-1',
        headers: bearer(token),
      })
    ).json();
    expect(one.data.map((row: { reference: string }) => row.reference)).toEqual(['REF-LINKED-1']);
    expect(one.meta).toMatchObject({ total: 1 });
    const none = (
      await testApp.app.inject({
        url: '/api/admin/all-transactions?reference=REF-NOBODY',
        headers: bearer(token),
      })
    ).json();
    expect(none).toMatchObject({ ok: true, data: [], meta: { total: 0 } });
    const tooLong = await testApp.app.inject({
      url: `/api/admin/all-transactions?reference=${'R'.repeat(101)}`,
      headers: bearer(token),
    });
    expect(tooLong.statusCode).toBe(400);
    // Users cannot look a reference up in the admins' list.
    const asUser = await testApp.app.inject({
      url: '/api/admin/all-transactions?reference=REF-LINKED-1',
      headers: bearer(buyer.token),
    });
    expect(asUser.statusCode).toBe(401);
  });

  it('needs a login, and an admin for the full list', async () => {
    const user = await registerUser(testApp.app);
    expect((await testApp.app.inject({ url: '/api/transactions' })).statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ url: '/api/admin/all-transactions', headers: bearer(user.token) }))
        .statusCode,
    ).toBe(401);
  });

  // The admin's list is written by PostgreSQL (decision 084), the buyer's by toOrderFields: one payment must
  // read the same in both, to the kobo and the millisecond.
  it("shows admins a payment's order and buyer exactly as the buyer's own list does", async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    const order = await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-SAME-1');
    const product = await approvedListing(testApp.app, seller);
    const [first, second] = await testApp.app.db
      .insert(media)
      .values([
        {
          ownerId: seller.user.id,
          kind: 'image',
          url: '/media/images/same-a.webp',
          contentType: 'image/webp',
          bytes: 1,
        },
        {
          ownerId: seller.user.id,
          kind: 'image',
          url: '/media/images/same-b.webp',
          contentType: 'image/webp',
          bytes: 1,
        },
      ])
      .returning();
    await testApp.app.db.insert(productImages).values([
      { productId: product.id, mediaId: first!.id, position: 0 },
      { productId: product.id, mediaId: second!.id, position: 1 },
    ]);
    await testApp.app.db.update(products).set({ primaryImageIndex: 1 }).where(eq(products.id, product.id));
    // A price in kobo that is no whole naira, three of them, and a delivery in microseconds.
    await testApp.app.db
      .update(orders)
      .set({
        productId: product.id,
        productAmount: 100_001,
        quantity: 3,
        delivery: 'courier',
        deliveryFee: 250_000,
        courierName: 'GIG Logistics',
        bookingStatus: 'booked',
        shipmentReference: 'SHIP-SAME-1',
        shipmentStatus: 'delivered',
        deliveredAt: sql`'2026-11-29 10:11:12.345678+00'::timestamptz`,
      })
      .where(eq(orders.id, order.id));

    // And one with every field that can be empty empty: no listing (so no picture), not paid, not delivered.
    const bare = await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-SAME-2');
    await testApp.app.db
      .update(transactions)
      .set({ paidAt: null, paymentMethod: null })
      .where(eq(transactions.orderId, bare.id));

    const { token } = await loginAsAdmin(testApp.app);
    const adminRowOf = async (reference: string) =>
      (
        await testApp.app.inject({
          url: `/api/admin/all-transactions?reference=${reference}`,
          headers: bearer(token),
        })
      ).json().data[0];
    const buyerRows = (
      await testApp.app.inject({ url: '/api/transactions', headers: bearer(buyer.token) })
    ).json().data;
    const buyerRowOf = (reference: string) => {
      const row = buyerRows.find((item: { reference: string }) => item.reference === reference);
      const {
        role: _role,
        itemAmount: _item,
        sellerAmount: _share,
        protection: _protection,
        ...fields
      } = row;
      return fields;
    };
    expect(await adminRowOf('REF-SAME-2')).toEqual(buyerRowOf('REF-SAME-2'));
    expect(await adminRowOf('REF-SAME-2')).toMatchObject({
      paidAt: null,
      order: { product: { id: null, picture: null }, deliveredAt: null },
    });
    const adminRow = await adminRowOf('REF-SAME-1');
    expect(adminRow).toEqual(buyerRowOf('REF-SAME-1'));
    expect(adminRow.order).toMatchObject({
      product: { id: product.id, price: 100_001 / 3 / 100, picture: expect.stringMatching(/same-b\.webp$/) },
      deliveredAt: '2026-11-29T10:11:12.345Z',
      courierName: 'GIG Logistics',
    });
  });
});

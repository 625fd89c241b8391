import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrderRow } from '../../../test/checkout';
import { walkPages } from '../../../test/paging';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('orders', () => {
  it("lists a buyer's orders to that buyer and admins only: 403 for another user's id, 404 for a malformed one", async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, 'REF-ORDERS-1');
    const own = await testApp.app.inject({
      url: `/api/orders/user/${buyer.user.id}`,
      headers: bearer(buyer.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([
      expect.objectContaining({
        product: { id: null, title: 'Ankara dress', primaryImage: null, price: 8_000, picture: null },
        seller: { id: seller.user.id, username: seller.user.username },
        status: 'paid',
        reference: 'REF-ORDERS-1',
        quantity: 1,
        // In naira, as a spec client sent product_amount (decision 051); in kobo beside.
        productAmount: 8_000,
        productAmountKobo: 800_000,
      }),
    ]);
    const { token } = await loginAsAdmin(testApp.app);
    const asAdmin = await testApp.app.inject({
      url: `/api/orders/user/${buyer.user.id}`,
      headers: bearer(token),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().data).toHaveLength(1);
    expect(
      (await testApp.app.inject({ url: `/api/orders/user/${buyer.user.id}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await testApp.app.inject({ url: '/api/orders/user/nope', headers: bearer(buyer.token) })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ url: `/api/orders/user/${buyer.user.id}` })).statusCode).toBe(401);
  });

  it("pages a buyer's orders by cursor, newest first, every one once, each with its own payment (issue 34)", async () => {
    const buyer = await registerUser(testApp.app);
    const seller = await registerUser(testApp.app);
    for (let index = 1; index <= 5; index++) {
      await paidOrderRow(testApp.app, buyer.user.id, seller.user.id, `REF-PAGED-${index}`);
    }
    // Another buyer's order is never on these pages.
    await paidOrderRow(testApp.app, seller.user.id, buyer.user.id, 'REF-PAGED-OTHER');
    // The newest three share one time to the microsecond.
    await testApp.app.db.execute(sql`
      update orders o set created_at = timestamptz '2026-01-01 00:00:00.000321+00'
        + least(substr(t.reference, 11)::int, 3) * interval '1 second'
      from transactions t where t.order_id = o.id and o.buyer_id = ${buyer.user.id}::uuid`);

    const pages = await walkPages<{ reference: string }>(testApp.app, `/api/orders/user/${buyer.user.id}`, {
      pageSize: 2,
      token: buyer.token,
    });
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    const references = pages.flatMap((page) => page.data.map((order) => order.reference));
    expect(new Set(references).size).toBe(5);
    expect(references.slice(3)).toEqual(['REF-PAGED-2', 'REF-PAGED-1']);
    expect(pages[0]?.meta.total).toBe(5);

    const tampered = await testApp.app.inject({
      url: `/api/orders/user/${buyer.user.id}?cursor=bm90LWEtY3Vyc29y`,
      headers: bearer(buyer.token),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('CURSOR_INVALID');
  });
});

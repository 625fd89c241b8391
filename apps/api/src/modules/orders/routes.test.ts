import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrderRow } from '../../../test/checkout';
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
});

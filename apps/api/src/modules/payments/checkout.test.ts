import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications, media, notifications, orders, productImages, products, sandboxPayments, transactions } from '../../db/schema';
import { approvedListing, buyer as newBuyer, initialize, productIsAvailable, sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, multipart, registerUser, verifiedSeller, type TestApp } from '../../../test/helper';
import { png } from '../../../test/fixtures';
import { paystackSignature } from './webhook-routes';

type Json = Record<string, unknown> & { data: Record<string, unknown> & { data: Record<string, string> } };

let testApp: TestApp;
let adminToken: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  adminToken = (await loginAsAdmin(testApp.app)).token;
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;

async function storedFor(reference: string) {
  const [row] = await app()
    .db.select({ transaction: transactions, order: orders })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(eq(transactions.reference, reference));
  return row;
}

async function pay(reference: string, outcome: 'pay' | 'decline' = 'pay') {
  return app().inject({ method: 'POST', url: `/api/payment/sandbox/${reference}/${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
}

async function notificationCount(userId: string) {
  const [row] = await app().db.select({ total: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.total ?? 0;
}

async function adminNotificationsAbout(reference: string) {
  const rows = await app().db.select({ code: adminNotifications.code, params: adminNotifications.params }).from(adminNotifications);
  return rows.filter((row) => row.params.reference === reference);
}

function signedWebhook(body: string, signature = paystackSignature(app().providers.payments.webhookSecret, body)) {
  return app().inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: body,
  });
}

function chargeSuccess(reference: string, amount: number, currency = 'NGN') {
  return JSON.stringify({
    event: 'charge.success',
    data: { id: 4099260516, status: 'success', reference, amount, currency, paid_at: '2026-11-22T10:00:00.000Z', channel: 'card', customer: { email: 'x@example.ng' } },
  });
}

describe('GET /api/checkout/{productId}', () => {
  it('asks for a login, and answers 404 for an unknown product', async () => {
    const { product } = await sellerWithListing(app());
    const anonymous = await app().inject({ url: `/api/checkout/${product.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: 'Please login first', error: { code: 'LOGIN_REQUIRED' } });
    const buyer = await newBuyer(app());
    const unknown = await app().inject({ url: '/api/checkout/7d1f1c52-5f0e-4d43-9a4c-1f6e2b0c9a11', headers: bearer(buyer.token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('computes the amounts on the server: kobo, the floor of 10 percent, the seller the rest', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 12_345 });
    const buyer = await newBuyer(app());
    const response = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(buyer.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      product: { id: product.id, price: 12_345 },
      seller: { id: seller.user.id, username: seller.user.username, isBankVerified: true },
      buyer: { email: buyer.user.email, isAddressComplete: false },
      quantity: 1,
      maxQuantity: 1,
      amount: 1_234_500,
      transactionCharge: 123_450,
      sellerAmount: 1_111_050,
      currency: 'NGN',
      delivery: 'pickup',
      blockedBy: null,
    });
  });

  it("says why the caller cannot pay: own item, seller's bank not verified, donation", async () => {
    const { seller, product } = await sellerWithListing(app());
    const own = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(seller.token) });
    expect(own.json().data.blockedBy).toBe('OWN_PRODUCT');

    const unverified = await registerUser(app());
    const unverifiedListing = await approvedListing(app(), unverified);
    const buyer = await newBuyer(app());
    const blocked = await app().inject({ url: `/api/checkout/${unverifiedListing.id}`, headers: bearer(buyer.token) });
    expect(blocked.json().data).toMatchObject({ blockedBy: 'SELLER_BANK_NOT_VERIFIED', seller: { isBankVerified: false } });

    const donation = await approvedListing(app(), seller, { tag: 'Donate', price: null, priceCategory: null });
    const gift = await app().inject({ url: `/api/checkout/${donation.id}`, headers: bearer(buyer.token) });
    expect(gift.json().data.blockedBy).toBe('PRODUCT_NOT_FOR_SALE');
  });
});

describe('POST /api/payment/initialize-transaction: the money rules', () => {
  it('refuses a client amount that differs from the server price with 422, and stores nothing', async () => {
    const { product } = await sellerWithListing(app(), { price: 8000 });
    const buyer = await newBuyer(app());
    const response = await initialize(app(), buyer.token, { product_id: product.id, quantity: 1, amount: 100 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      ok: false,
      message: 'The amount does not match the price of this item. Please reload the page and try again.',
      error: { code: 'AMOUNT_MISMATCH' },
      requestId: expect.any(String),
    });
    expect(await app().db.select().from(orders).where(eq(orders.productId, product.id))).toEqual([]);
  });

  it("ignores the client's subaccount, charge, seller and buyer: the server's are used and sent to the provider", async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 8001 });
    const buyer = await newBuyer(app());
    const intruder = await verifiedSeller(app());
    const response = await initialize(app(), buyer.token, {
      email: 'someone-else@example.ng',
      amount: 800_100,
      subaccount: 'ACCT_attacker',
      transaction_charge: 1,
      product_id: product.id,
      quantity: 1,
      product_amount: 1,
      seller_id: intruder.user.id,
      user_id: intruder.user.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<Json>();
    expect(body.message).toBe('Authorization URL created');
    const reference = body.data.data.reference ?? '';
    expect(body.data).toMatchObject({ reference, amount: 800_100, transactionCharge: 80_010, currency: 'NGN' });
    expect(body.data.data.authorization_url).toBe(`http://oja.test/api/payment/sandbox/${reference}`);

    const stored = await storedFor(reference);
    expect(stored?.order).toMatchObject({ buyerId: buyer.user.id, sellerId: seller.user.id, productAmount: 800_100, transactionCharge: 80_010, status: 'pending' });
    expect(stored?.transaction).toMatchObject({ userId: buyer.user.id, amount: 800_100, customerEmail: buyer.user.email, status: 'pending' });
    const [atProvider] = await app().db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
    expect(atProvider).toMatchObject({ amount: 800_100, transactionCharge: 80_010, email: buyer.user.email, callbackUrl: 'http://oja.test/confirmationPage' });
    expect(atProvider?.subaccount).toMatch(/^ACCT_sandbox_/);
    expect(atProvider?.metadata).toMatchObject({ product_id: product.id, order_id: stored?.order.id, buyer_id: buyer.user.id });
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const { seller, product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ product_id: product.id, quantity: 0 }, buyer.token, 400, 'QUANTITY_INVALID'],
      [{ product_id: product.id, quantity: 2 }, buyer.token, 422, 'QUANTITY_NOT_AVAILABLE'],
      [{ product_id: '7d1f1c52-5f0e-4d43-9a4c-1f6e2b0c9a11' }, buyer.token, 404, 'PRODUCT_NOT_FOUND'],
      [{ product_id: 'not-a-uuid' }, buyer.token, 400, 'PRODUCT_NOT_FOUND'],
      [{ product_id: product.id }, seller.token, 422, 'OWN_PRODUCT'],
    ];
    for (const [body, token, status, code] of cases) {
      const response = await initialize(app(), token, body);
      expect({ body, status: response.statusCode, code: response.json().error?.code }).toEqual({ body, status, code });
    }
    const unverified = await registerUser(app());
    const listing = await approvedListing(app(), unverified);
    const refused = await initialize(app(), buyer.token, { product_id: listing.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("The seller's bank account details have not been verified");
    expect(await app().db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
    expect((await initialize(app(), '', { product_id: product.id })).statusCode).toBe(401);
  });

  it('holds the item: another buyer gets 409, the same buyer gets the same payment page again', async () => {
    const { product } = await sellerWithListing(app());
    const first = await newBuyer(app());
    const second = await newBuyer(app());
    const started = (await initialize(app(), first.token, { product_id: product.id })).json<Json>().data;
    const again = await initialize(app(), first.token, { product_id: product.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'You already started paying for this item. Continue on the payment page.', data: { reference: started.reference } });
    const other = await initialize(app(), second.token, { product_id: product.id });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: { code: 'PRODUCT_ON_HOLD' } });
    const quote = await app().inject({ url: `/api/checkout/${product.id}`, headers: bearer(second.token) });
    expect(quote.json().data.blockedBy).toBe('PRODUCT_ON_HOLD');
  });
});

describe('paying on the sandbox', () => {
  it('pays, sells the item once, tells buyer, seller and admins, and every verify agrees', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 5000, title: 'Sandbox radio' });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id, amount: 500_000 })).json<Json>().data.reference as string;

    const page = await app().inject({ url: `/api/payment/sandbox/${reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₦5,000.00');
    expect(page.body).toContain(`action="/api/payment/sandbox/${reference}/pay"`);
    expect(page.body).not.toContain('<script');

    const paid = await pay(reference);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://oja.test/confirmationPage?trxref=${reference}&reference=${reference}`);

    const stored = await storedFor(reference);
    expect(stored?.transaction).toMatchObject({ status: 'success', paymentMethod: 'card' });
    expect(stored?.order.status).toBe('paid');
    expect(await productIsAvailable(app(), product.id)).toBe(false);
    const home = await app().inject({ url: '/api/products' });
    expect(home.json().data.map((item: { id: string }) => item.id)).not.toContain(product.id);

    const verified = await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(buyer.token) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({
      transactionDetails: { reference, status: 'success', amount: 500_000, order: { status: 'paid', productAmount: 500_000, transactionCharge: 50_000 } },
      bookingStatus: 'Arrange pickup with the seller.',
    });
    expect((await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(seller.token) })).statusCode).toBe(200);
    expect((await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(adminToken) })).statusCode).toBe(200);
    const stranger = await newBuyer(app());
    expect((await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await app().inject({ url: `/api/verify-transaction/${reference}` })).statusCode).toBe(401);

    const publicStatus = await app().inject({ url: `/api/transaction/verify/${reference}` });
    expect(publicStatus.json().data).toEqual({ reference, status: 'success', amount: 500_000, currency: 'NGN', paidAt: expect.any(String) });
    expect(publicStatus.body).not.toContain(buyer.user.email);

    // A second Pay, more verifies: nothing changes, nobody is told twice.
    await pay(reference);
    await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(buyer.token) });
    expect(await notificationCount(buyer.user.id)).toBe(1);
    expect(await notificationCount(seller.user.id)).toBe(1);
    expect(await adminNotificationsAbout(reference)).toHaveLength(1);
    const [sellerNote] = await app().db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(sellerNote).toMatchObject({ code: 'ITEM_SOLD', params: { title: 'Sandbox radio', amount: '₦4,500.00', buyer: buyer.user.username } });
    const [buyerNote] = await app().db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(buyerNote).toMatchObject({ code: 'PAYMENT_MADE', params: { amount: '₦5,000.00', seller: seller.user.username } });
    expect(await adminNotificationsAbout(reference)).toEqual([expect.objectContaining({ code: 'PAYMENT_RECEIVED' })]);

    const another = await newBuyer(app());
    const late = await initialize(app(), another.token, { product_id: product.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'Sorry, this item has already been sold.', error: { code: 'PRODUCT_SOLD' } });
  });

  it('declining fails the payment and frees the item at once', async () => {
    const { product } = await sellerWithListing(app());
    const first = await newBuyer(app());
    const reference = (await initialize(app(), first.token, { product_id: product.id })).json<Json>().data.reference as string;
    const declined = await pay(reference, 'decline');
    expect(declined.statusCode).toBe(303);
    const verified = await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(first.token) });
    expect(verified.json().data).toMatchObject({ transactionDetails: { status: 'failed', order: { status: 'cancelled' } }, bookingStatus: null });
    const second = await newBuyer(app());
    expect((await initialize(app(), second.token, { product_id: product.id })).statusCode).toBe(201);
  });
});

describe('POST /api/payment/webhook', () => {
  it('accepts only the HMAC-SHA512 of the raw body with the secret key: anything else is 401 and changes nothing', async () => {
    const { product } = await sellerWithListing(app(), { price: 700 });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data.reference as string;
    const body = chargeSuccess(reference, 70_000);
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const attempts = [
      await signedWebhook(body, 'a'.repeat(128)),
      await signedWebhook(body, paystackSignature('not-the-secret', body)),
      await signedWebhook(reformatted, paystackSignature(app().providers.payments.webhookSecret, body)),
      await app().inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: body }),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(401);
      expect(attempt.json()).toMatchObject({ ok: false, error: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    }
    expect((await storedFor(reference))?.transaction.status).toBe('pending');

    // The same bytes pretty-printed are a different body: signed correctly, they are accepted.
    const accepted = await signedWebhook(reformatted);
    expect(accepted.statusCode).toBe(200);
    expect((await storedFor(reference))?.transaction.status).toBe('success');
  });

  it('100 replays of one webhook make one paid order and one set of notifications', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 900 });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data.reference as string;
    const body = chargeSuccess(reference, 90_000);
    const replies = await Promise.all(Array.from({ length: 100 }, () => signedWebhook(body)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array.from({ length: 100 }, () => 200));
    const paidOrders = await app().db.select().from(orders).where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')));
    expect(paidOrders).toHaveLength(1);
    expect(await notificationCount(buyer.user.id)).toBe(1);
    expect(await notificationCount(seller.user.id)).toBe(1);
    expect(await adminNotificationsAbout(reference)).toHaveLength(1);
  });

  it('does not complete a payment whose amount or currency differs, and tells the admins', async () => {
    const { product } = await sellerWithListing(app(), { price: 1000 });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data.reference as string;
    expect((await signedWebhook(chargeSuccess(reference, 100))).statusCode).toBe(200);
    const stored = await storedFor(reference);
    expect(stored?.transaction).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    expect(await productIsAvailable(app(), product.id)).toBe(true);
    expect(await adminNotificationsAbout(reference)).toEqual([
      expect.objectContaining({ code: 'PAYMENT_AMOUNT_MISMATCH', params: expect.objectContaining({ paid: '1.00 NGN', amount: '₦1,000.00' }) }),
    ]);
    expect(await notificationCount(buyer.user.id)).toBe(0);

    const other = await sellerWithListing(app(), { price: 1000 });
    const second = (await initialize(app(), buyer.token, { product_id: other.product.id })).json<Json>().data.reference as string;
    await signedWebhook(chargeSuccess(second, 100_000, 'USD'));
    expect((await storedFor(second))?.transaction).toMatchObject({ status: 'failed', failureReason: 'currency_mismatch' });
  });

  it('acknowledges other events and unknown references without changing anything', async () => {
    expect((await signedWebhook(JSON.stringify({ event: 'transfer.success', data: { reference: 'x', amount: 1, currency: 'NGN' } }))).statusCode).toBe(200);
    expect((await signedWebhook(chargeSuccess('oja_unknown', 100))).statusCode).toBe(200);
    expect((await signedWebhook('not json')).statusCode).toBe(400);
  });
});

describe('a payment after its hold expired', () => {
  it('is refunded when a second buyer bought the item meanwhile: one sale, the first buyer told', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 2500, title: 'Late lamp' });
    const first = await newBuyer(app());
    const second = await newBuyer(app());
    const firstReference = (await initialize(app(), first.token, { product_id: product.id })).json<Json>().data.reference as string;
    // The hold runs out.
    await app().db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.productId, product.id));
    const secondStart = await initialize(app(), second.token, { product_id: product.id });
    expect(secondStart.statusCode).toBe(201);
    await pay(secondStart.json<Json>().data.reference as string);

    const latePay = await pay(firstReference);
    expect(latePay.statusCode).toBe(303);
    const late = await storedFor(firstReference);
    expect(late?.transaction).toMatchObject({ status: 'refunded', failureReason: 'item_sold' });
    expect(late?.order.status).toBe('refunded');
    const [atProvider] = await app().db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, firstReference));
    expect(atProvider?.status).toBe('reversed');
    const paidOrders = await app().db.select().from(orders).where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')));
    expect(paidOrders.map((order) => order.buyerId)).toEqual([second.user.id]);
    const [told] = await app().db.select().from(notifications).where(eq(notifications.userId, first.user.id));
    expect(told).toMatchObject({ code: 'PAYMENT_REFUNDED', params: { title: 'Late lamp', amount: '₦2,500.00' } });
    expect(await notificationCount(seller.user.id)).toBe(1);

    const verified = await app().inject({ url: `/api/verify-transaction/${firstReference}`, headers: bearer(first.token) });
    expect(verified.json().data.transactionDetails.status).toBe('refunded');
    expect(await notificationCount(first.user.id)).toBe(1);
  });

  it('still sells the item when nobody else bought or holds it', async () => {
    const { product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data.reference as string;
    await app().db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.productId, product.id));
    const { expireHolds } = await import('./checkout');
    expect(await expireHolds({ db: app().db })).toBeGreaterThanOrEqual(1);
    expect((await storedFor(reference))?.transaction.status).toBe('abandoned');
    await pay(reference);
    expect((await storedFor(reference))?.transaction.status).toBe('success');
    expect(await productIsAvailable(app(), product.id)).toBe(false);
  });
});

describe('a withdrawn listing', () => {
  it('cannot be checked out', async () => {
    const { product } = await sellerWithListing(app());
    await app().db.update(products).set({ isAvailable: false }).where(eq(products.id, product.id));
    const buyer = await newBuyer(app());
    expect((await initialize(app(), buyer.token, { product_id: product.id })).statusCode).toBe(404);
  });
});

describe('a sold listing stays unavailable (decision 016)', () => {
  const makeAvailable = (token: string, productId: string, url = `/api/myProducts/${productId}`) =>
    app().inject({ method: 'PUT', url, headers: bearer(token), payload: { availability: true } });

  // A listing with a picture of its seller's, so that it passes every rule of an edit.
  async function pictured() {
    const listing = await sellerWithListing(app(), { price: 5000 });
    const body = multipart([{ name: 'file', value: await png(300, 300), filename: 'p.png', contentType: 'image/png' }]);
    const upload = await app().inject({ method: 'POST', url: '/api/media', payload: body.payload, headers: { ...body.headers, ...bearer(listing.seller.token) } });
    const [picture] = await app().db.select({ id: media.id }).from(media).where(eq(media.url, upload.json().data.url));
    await app().db.insert(productImages).values({ productId: listing.product.id, mediaId: picture?.id ?? '', position: 0 });
    return listing;
  }

  it('refuses the owner and the admin making a sold listing available again, and keeps it sold', async () => {
    const { seller, product } = await pictured();
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data.reference as string;
    await pay(reference);
    expect(await productIsAvailable(app(), product.id)).toBe(false);

    const byOwner = await makeAvailable(seller.token, product.id);
    expect(byOwner.statusCode).toBe(409);
    expect(byOwner.json()).toMatchObject({
      message: 'This item has been sold or someone is paying for it, so it cannot be made available again.',
      error: { code: 'PRODUCT_SOLD_STAYS_UNAVAILABLE' },
    });
    const byAdmin = await makeAvailable(adminToken, product.id, `/api/adminProduct/${product.id}`);
    expect(byAdmin.statusCode).toBe(409);
    expect(await productIsAvailable(app(), product.id)).toBe(false);
    // Other edits of the sold listing still work.
    const price = await app().inject({ method: 'PUT', url: `/api/myProducts/${product.id}`, headers: bearer(seller.token), payload: { price: 6000 } });
    expect(price.statusCode).toBe(200);
    expect(await productIsAvailable(app(), product.id)).toBe(false);
  });

  it('refuses it while someone is paying for a withdrawn listing, and allows it once the hold has ended', async () => {
    const { seller, product } = await pictured();
    const buyer = await newBuyer(app());
    expect((await initialize(app(), buyer.token, { product_id: product.id })).statusCode).toBe(201);
    const withdraw = await app().inject({ method: 'PUT', url: `/api/myProducts/${product.id}`, headers: bearer(seller.token), payload: { availability: false } });
    expect(withdraw.statusCode).toBe(200);

    expect((await makeAvailable(seller.token, product.id)).statusCode).toBe(409);
    // The hold runs out (its time is the database's).
    await app().db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.productId, product.id));
    const relisted = await makeAvailable(seller.token, product.id);
    expect(relisted.statusCode).toBe(200);
    expect(relisted.json().data.availability).toBe(true);
  });
});

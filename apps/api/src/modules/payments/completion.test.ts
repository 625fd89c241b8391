import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminNotifications, notifications, orders, sandboxPayments } from '../../db/schema';
import {
  buyer as newBuyer,
  initialize,
  productIsAvailable,
  sellerWithListing,
  useCheckoutApp,
} from '../../../test/checkout';
import { bearer } from '../../../test/helper';
import { paystackSignature } from './webhook-routes';

// Completing a payment: the sandbox's page, the webhook, and a payment after its hold ran out.

type Json = Record<string, unknown> & { data: Record<string, unknown> & { data: Record<string, string> } };

const { app, admin, storedFor, pay } = useCheckoutApp();

async function notificationCount(userId: string) {
  const [row] = await app()
    .db.select({ total: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.total ?? 0;
}

async function adminNotificationsAbout(reference: string) {
  const rows = await app()
    .db.select({ code: adminNotifications.code, params: adminNotifications.params })
    .from(adminNotifications);
  return rows.filter((row) => row.params.reference === reference);
}

function signedWebhook(
  body: string,
  signature = paystackSignature(app().providers.payments.webhookSecret, body),
) {
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
    data: {
      id: 4099260516,
      status: 'success',
      reference,
      amount,
      currency,
      paid_at: '2026-11-22T10:00:00.000Z',
      channel: 'card',
      customer: { email: 'x@example.ng' },
    },
  });
}

describe('paying on the sandbox', () => {
  it('pays, sells the item once, tells buyer, seller and admins, and every verify agrees', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 5000, title: 'Sandbox radio' });
    const buyer = await newBuyer(app());
    const reference = (
      await initialize(app(), buyer.token, { product_id: product.id, amount: 500_000 })
    ).json<Json>().data.reference as string;

    const page = await app().inject({ url: `/api/payment/sandbox/${reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₦5,000.00');
    expect(page.body).toContain(`action="/api/payment/sandbox/${reference}/pay"`);
    expect(page.body).not.toContain('<script');

    const paid = await pay(reference);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://oja.test/confirmationPage?trxref=${reference}&reference=${reference}`,
    );

    const stored = await storedFor(reference);
    expect(stored?.transaction).toMatchObject({ status: 'success', paymentMethod: 'card' });
    expect(stored?.order.status).toBe('paid');
    expect(await productIsAvailable(app(), product.id)).toBe(false);
    const home = await app().inject({ url: '/api/products' });
    expect(home.json().data.map((item: { id: string }) => item.id)).not.toContain(product.id);

    const verified = await app().inject({
      url: `/api/verify-transaction/${reference}`,
      headers: bearer(buyer.token),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({
      transactionDetails: {
        reference,
        status: 'success',
        amount: 500_000,
        order: {
          status: 'paid',
          productAmount: 5_000,
          productAmountKobo: 500_000,
          transactionCharge: 50_000,
        },
      },
      bookingStatus: 'Arrange pickup with the seller.',
    });
    expect(
      (await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(seller.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);
    const stranger = await newBuyer(app());
    expect(
      (await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(stranger.token) }))
        .statusCode,
    ).toBe(404);
    expect((await app().inject({ url: `/api/verify-transaction/${reference}` })).statusCode).toBe(401);

    const publicStatus = await app().inject({ url: `/api/transaction/verify/${reference}` });
    expect(publicStatus.json().data).toEqual({
      reference,
      status: 'success',
      amount: 500_000,
      currency: 'NGN',
      paidAt: expect.any(String),
      // decision 051: the provider's id, the method, and the payer's e-mail masked for a visitor.
      transactionId: expect.any(String),
      paymentMethod: 'card',
      customerEmail: `${buyer.user.email[0]}***@${buyer.user.email.split('@')[1]}`,
    });
    expect(publicStatus.json().message).toBe('Payment successful.');
    expect(publicStatus.body).not.toContain(buyer.user.email);

    // A second Pay, more verifies: nothing changes, nobody is told twice.
    await pay(reference);
    await app().inject({ url: `/api/verify-transaction/${reference}`, headers: bearer(buyer.token) });
    expect(await notificationCount(buyer.user.id)).toBe(1);
    expect(await notificationCount(seller.user.id)).toBe(1);
    expect(await adminNotificationsAbout(reference)).toHaveLength(1);
    const [sellerNote] = await app()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id));
    // Protected payouts: the seller learns when the money is released, not that it is paid.
    expect(sellerNote).toMatchObject({
      code: 'ITEM_SOLD_PROTECTED',
      params: { title: 'Sandbox radio', amount: '₦4,500.00', buyer: buyer.user.username },
    });
    expect(sellerNote?.params).toHaveProperty('releaseDate', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    const [buyerNote] = await app()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(buyerNote).toMatchObject({
      code: 'PAYMENT_MADE',
      params: { amount: '₦5,000.00', seller: seller.user.username },
    });
    expect(await adminNotificationsAbout(reference)).toEqual([
      expect.objectContaining({ code: 'PAYMENT_RECEIVED' }),
    ]);

    const another = await newBuyer(app());
    const late = await initialize(app(), another.token, { product_id: product.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: 'Sorry, this item has already been sold.',
      error: { code: 'PRODUCT_SOLD' },
    });
  });

  it('declining fails the payment and frees the item at once', async () => {
    const { product } = await sellerWithListing(app());
    const first = await newBuyer(app());
    const reference = (await initialize(app(), first.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    const declined = await pay(reference, 'decline');
    expect(declined.statusCode).toBe(303);
    const verified = await app().inject({
      url: `/api/verify-transaction/${reference}`,
      headers: bearer(first.token),
    });
    expect(verified.json().data).toMatchObject({
      transactionDetails: { status: 'failed', order: { status: 'cancelled' } },
      bookingStatus: null,
    });
    const second = await newBuyer(app());
    expect((await initialize(app(), second.token, { product_id: product.id })).statusCode).toBe(201);
  });
});

describe('POST /api/payment/webhook', () => {
  it('accepts only the HMAC-SHA512 of the raw body with the secret key: anything else is 401 and changes nothing', async () => {
    const { product } = await sellerWithListing(app(), { price: 700 });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    const body = chargeSuccess(reference, 70_000);
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    const attempts = [
      await signedWebhook(body, 'a'.repeat(128)),
      await signedWebhook(body, paystackSignature('not-the-secret', body)),
      await signedWebhook(reformatted, paystackSignature(app().providers.payments.webhookSecret, body)),
      await app().inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
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
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    const body = chargeSuccess(reference, 90_000);
    const replies = await Promise.all(Array.from({ length: 100 }, () => signedWebhook(body)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array.from({ length: 100 }, () => 200));
    const paidOrders = await app()
      .db.select()
      .from(orders)
      .where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')));
    expect(paidOrders).toHaveLength(1);
    expect(await notificationCount(buyer.user.id)).toBe(1);
    expect(await notificationCount(seller.user.id)).toBe(1);
    expect(await adminNotificationsAbout(reference)).toHaveLength(1);
  });

  it('does not complete a payment whose amount or currency differs: refunds it, tells the buyer and the admins', async () => {
    const { product } = await sellerWithListing(app(), { price: 1000 });
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    // The provider took the money (an amount other than the stored one).
    await app()
      .db.update(sandboxPayments)
      .set({ status: 'success', amount: 100 })
      .where(eq(sandboxPayments.reference, reference));
    expect((await signedWebhook(chargeSuccess(reference, 100))).statusCode).toBe(200);
    const stored = await storedFor(reference);
    expect(stored?.transaction).toMatchObject({ status: 'refunded', failureReason: 'amount_mismatch' });
    expect(stored?.order.status).toBe('refunded');
    const [atProvider] = await app()
      .db.select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    expect(atProvider).toMatchObject({ status: 'reversed', refundedAmount: 100 });
    expect(await productIsAvailable(app(), product.id)).toBe(true);
    expect(await adminNotificationsAbout(reference)).toEqual([
      expect.objectContaining({
        code: 'PAYMENT_AMOUNT_MISMATCH',
        params: expect.objectContaining({ paid: '1.00 NGN', amount: '₦1,000.00' }),
      }),
    ]);
    const buyerNotes = await app()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(buyerNotes).toEqual([
      expect.objectContaining({
        code: 'PAYMENT_MISMATCH_REFUNDED',
        params: { title: product.title, reference },
      }),
    ]);
    // A replay changes nothing more.
    await signedWebhook(chargeSuccess(reference, 100));
    expect(await notificationCount(buyer.user.id)).toBe(1);

    const other = await sellerWithListing(app(), { price: 1000 });
    const second = (await initialize(app(), buyer.token, { product_id: other.product.id })).json<Json>().data
      .reference as string;
    await app()
      .db.update(sandboxPayments)
      .set({ status: 'success', currency: 'USD' })
      .where(eq(sandboxPayments.reference, second));
    await signedWebhook(chargeSuccess(second, 100_000, 'USD'));
    expect((await storedFor(second))?.transaction).toMatchObject({
      status: 'refunded',
      failureReason: 'currency_mismatch',
    });
  });

  it('acknowledges other events and unknown references without changing anything', async () => {
    expect(
      (
        await signedWebhook(
          JSON.stringify({
            event: 'transfer.success',
            data: { reference: 'payout_unknown', amount: 1, currency: 'NGN' },
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await signedWebhook(chargeSuccess('oja_unknown', 100))).statusCode).toBe(200);
    expect((await signedWebhook('not json')).statusCode).toBe(400);
  });
});

describe('a payment after its hold expired', () => {
  it('is refunded when a second buyer bought the item meanwhile: one sale, the first buyer told', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 2500, title: 'Late lamp' });
    const first = await newBuyer(app());
    const second = await newBuyer(app());
    const firstReference = (await initialize(app(), first.token, { product_id: product.id })).json<Json>()
      .data.reference as string;
    // The hold runs out.
    await app()
      .db.update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.productId, product.id));
    const secondStart = await initialize(app(), second.token, { product_id: product.id });
    expect(secondStart.statusCode).toBe(201);
    await pay(secondStart.json<Json>().data.reference as string);

    const latePay = await pay(firstReference);
    expect(latePay.statusCode).toBe(303);
    const late = await storedFor(firstReference);
    expect(late?.transaction).toMatchObject({ status: 'refunded', failureReason: 'item_sold' });
    expect(late?.order.status).toBe('refunded');
    const [atProvider] = await app()
      .db.select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, firstReference));
    expect(atProvider?.status).toBe('reversed');
    const paidOrders = await app()
      .db.select()
      .from(orders)
      .where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')));
    expect(paidOrders.map((order) => order.buyerId)).toEqual([second.user.id]);
    const [told] = await app().db.select().from(notifications).where(eq(notifications.userId, first.user.id));
    expect(told).toMatchObject({
      code: 'PAYMENT_REFUNDED',
      params: { title: 'Late lamp', amount: '₦2,500.00' },
    });
    expect(await notificationCount(seller.user.id)).toBe(1);

    const verified = await app().inject({
      url: `/api/verify-transaction/${firstReference}`,
      headers: bearer(first.token),
    });
    expect(verified.json().data.transactionDetails.status).toBe('refunded');
    expect(await notificationCount(first.user.id)).toBe(1);
  });

  it('still sells the item when nobody else bought or holds it', async () => {
    const { product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const reference = (await initialize(app(), buyer.token, { product_id: product.id })).json<Json>().data
      .reference as string;
    await app()
      .db.update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.productId, product.id));
    const { expireHolds } = await import('./holds');
    expect(await expireHolds({ db: app().db })).toBeGreaterThanOrEqual(1);
    expect((await storedFor(reference))?.transaction.status).toBe('abandoned');
    await pay(reference);
    expect((await storedFor(reference))?.transaction.status).toBe('success');
    expect(await productIsAvailable(app(), product.id)).toBe(false);
  });
});

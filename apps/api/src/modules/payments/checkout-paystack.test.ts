import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminNotifications, orders, transactions } from '../../db/schema';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack';
import { buyer as newBuyer, initialize, productIsAvailable, sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, type TestApp } from '../../../test/helper';
import { createPaystackPayments } from '../../providers/payments/paystack';
import { paystackSignature } from './webhook-routes';

// The checkout against real Paystack semantics: the adapter talks HTTP to a local fake that answers
// in Paystack's shapes (PAYSTACK_BASE_URL pointed at it).

const secretKey = 'sk_test_checkout_paystack';
let fake: FakePaystack;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakePaystack({ secretKey, banks: [{ id: 9, name: 'Guaranty Trust Bank', code: '058' }] });
  testApp = await buildTestApp({
    providers: { payments: createPaystackPayments({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 1000 }) },
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
afterEach(() => {
  fake.behaviour.initialize = 'normal';
  fake.behaviour.verify = 'normal';
  fake.behaviour.refund = 'normal';
});

const app = () => testApp.app;

const webhook = (body: string) =>
  app().inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(secretKey, body),
    },
    payload: body,
  });

async function statusOf(reference: string) {
  const [row] = await app()
    .db.select({ status: transactions.status, orderStatus: orders.status })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .where(eq(transactions.reference, reference));
  return row;
}

async function start(productId: string, token: string) {
  const response = await initialize(app(), token, { product_id: productId });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { reference: string; data: { authorization_url: string } } }>().data;
}

describe('checkout with Paystack', () => {
  it("sends Paystack the server's amount to the platform's balance (protected payouts, no split) and hands back its page", async () => {
    const { product } = await sellerWithListing(app(), { price: 15_000 });
    const buyer = await newBuyer(app());
    const started = await start(product.id, buyer.token);
    expect(started.data.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    const sent = fake.transactions.get(started.reference)?.request;
    expect(sent).toMatchObject({
      email: buyer.user.email,
      amount: 1_500_000,
      callback_url: 'http://oja.test/confirmationPage',
      metadata: { product_id: product.id },
    });
    expect(sent).not.toHaveProperty('subaccount');
    expect(sent).not.toHaveProperty('transaction_charge');
  });

  it('leaves no hold and no pending order when Paystack fails, and the next buyer can pay', async () => {
    const { product: second } = await sellerWithListing(app());
    const first = await newBuyer(app());
    fake.behaviour.initialize = 'server-error';
    const failed = await initialize(app(), first.token, { product_id: second.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      ok: false,
      message: 'The payment service is not available right now. Please try again later.',
      error: { code: 'PAYMENT_PROVIDER_ERROR' },
      requestId: expect.any(String),
    });
    expect(await app().db.select().from(orders).where(eq(orders.productId, second.id))).toEqual([]);
    expect(await app().db.select().from(transactions).where(eq(transactions.userId, first.user.id))).toEqual(
      [],
    );

    fake.behaviour.initialize = 'normal';
    const other = await newBuyer(app());
    expect((await initialize(app(), other.token, { product_id: second.id })).statusCode).toBe(201);
  });

  it("completes through Paystack's webhook, and through verify when the webhook has not come", async () => {
    const { product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const { reference } = await start(product.id, buyer.token);
    expect((await webhook(fake.pay(reference))).statusCode).toBe(200);
    expect(await statusOf(reference)).toEqual({ status: 'success', orderStatus: 'paid' });

    const other = await sellerWithListing(app());
    const viaVerify = await start(other.product.id, buyer.token);
    fake.pay(viaVerify.reference);
    const verified = await app().inject({
      url: `/api/verify-transaction/${viaVerify.reference}`,
      headers: bearer(buyer.token),
    });
    expect(verified.json().data.transactionDetails).toMatchObject({
      status: 'success',
      paymentMethod: 'card',
    });
    expect(await productIsAvailable(app(), other.product.id)).toBe(false);
  });

  it('answers 502 from verify when Paystack is down, and changes nothing', async () => {
    const { product } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const { reference } = await start(product.id, buyer.token);
    fake.pay(reference);
    fake.behaviour.verify = 'server-error';
    const down = await app().inject({ url: `/api/transaction/verify/${reference}` });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await statusOf(reference))?.status).toBe('pending');
  });

  it('refunds a late payment through Paystack, retrying when the refund fails at first', async () => {
    const { product } = await sellerWithListing(app());
    const first = await newBuyer(app());
    const second = await newBuyer(app());
    const late = await start(product.id, first.token);
    await app()
      .db.update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.productId, product.id));
    const winner = await start(product.id, second.token);
    await webhook(fake.pay(winner.reference));

    fake.behaviour.refund = 'server-error';
    expect((await webhook(fake.pay(late.reference))).statusCode).toBe(200);
    expect(await statusOf(late.reference)).toEqual({ status: 'refund_pending', orderStatus: 'cancelled' });
    const warned = await app().db.select().from(adminNotifications);
    expect(
      warned.filter((row) => row.code === 'REFUND_FAILED' && row.params.reference === late.reference),
    ).toHaveLength(1);

    fake.behaviour.refund = 'normal';
    const retried = await app().inject({
      url: `/api/verify-transaction/${late.reference}`,
      headers: bearer(first.token),
    });
    expect(retried.json().data.transactionDetails.status).toBe('refunded');
    expect(fake.transactions.get(late.reference)?.status).toBe('reversed');
    expect(
      fake.requests.filter(
        (request) =>
          request.path === '/refund' &&
          (request.body as { transaction: string }).transaction === late.reference,
      ),
    ).toHaveLength(2);
    const paid = await app()
      .db.select()
      .from(orders)
      .where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')));
    expect(paid.map((order) => order.buyerId)).toEqual([second.user.id]);
  });
});

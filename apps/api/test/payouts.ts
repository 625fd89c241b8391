import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { jobs, payouts } from '../src/db/schema';
import { paystackSignature } from '../src/modules/payments/webhook-routes';
import { buyer as newBuyer, initialize, payInSandbox, sellerWithListing } from './checkout';

// Buyer protection's fixtures (decision 058): a paid pickup order, Paystack's signed webhooks, the payout.

export async function paidPickupOrder(app: FastifyInstance, price = 5000) {
  const { seller, product } = await sellerWithListing(app, { price, title: 'Protected lamp' });
  const buyer = await newBuyer(app);
  const started = await initialize(app, buyer.token, { product_id: product.id });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.body}`);
  const { reference, orderId } = started.json<{ data: { reference: string; orderId: string } }>().data;
  const paid = await payInSandbox(app, reference);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.body}`);
  return { seller, buyer, product, reference, orderId };
}

export function signedWebhook(app: FastifyInstance, event: object) {
  const body = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(app.providers.payments.webhookSecret, body),
    },
    payload: body,
  });
}

export const transferEvent = (
  event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
  reference: string,
) => ({
  event,
  data: { reference, amount: 450_000, currency: 'NGN', status: event.slice(9), transfer_code: 'TRF_hook' },
});

export async function payoutOf(app: FastifyInstance, orderId: string) {
  const [row] = await app.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  if (!row) throw new Error('no payout');
  return row;
}

export async function transferJobsOf(app: FastifyInstance, payoutId: string) {
  const rows = await app.db.select().from(jobs).where(eq(jobs.kind, 'payout-transfer'));
  return rows.filter((row) => row.payload.payoutId === payoutId);
}

// The window ends: the payout was made (and the order paid) long ago.
export async function endWindow(app: FastifyInstance, payoutId: string) {
  await app.db
    .update(payouts)
    .set({ createdAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000) })
    .where(eq(payouts.id, payoutId));
}

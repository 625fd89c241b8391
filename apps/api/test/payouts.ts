import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { jobs, payouts, sandboxTransfers } from '../src/db/schema';
import { paystackSignature } from '../src/modules/payments/webhook-routes';
import { TRANSFER_JOB } from '../src/modules/payouts/release';
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
  const rows = await app.db.select().from(jobs).where(eq(jobs.kind, TRANSFER_JOB));
  return rows.filter((row) => row.payload.payoutId === payoutId);
}

// A minute passes for the transfers: the sandbox pays a transfer a few seconds after it was made
// (providers/payments/sandbox.ts), and the transfer job asks about it again a few seconds later. Its transfers
// and the queued transfer jobs are made a minute older instead of the test waiting.
export async function passTransferMinute(app: FastifyInstance) {
  await app.db
    .update(sandboxTransfers)
    .set({ createdAt: sql`${sandboxTransfers.createdAt} - interval '1 minute'` });
  await app.db
    .update(jobs)
    .set({ runAt: sql`${jobs.runAt} - interval '1 minute'` })
    .where(and(eq(jobs.kind, TRANSFER_JOB), eq(jobs.status, 'queued')));
}

// The window ends: the payout was made (and the order paid) long ago.
export async function endWindow(app: FastifyInstance, payoutId: string) {
  await app.db
    .update(payouts)
    .set({ createdAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000) })
    .where(eq(payouts.id, payoutId));
}

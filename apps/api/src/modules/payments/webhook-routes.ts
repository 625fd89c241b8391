import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { formatKobo } from '@marketplace/shared/money';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { ProviderPayment } from '../../providers/payments/index';
import {
  findSandboxPayment,
  sandboxChargebackEvent,
  sandboxChargeSuccessEvent,
  settleSandboxPayment,
} from '../../providers/payments/sandbox';
import { recordChargeback, recordTransfer } from '../payouts/index';
import { settlePayment } from './completion';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

// Paystack signs a webhook with the HMAC-SHA512 of the raw body, keyed with the secret key, in hex.
export function paystackSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

function isValidSignature(secret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

const ChargeEventSchema = z.object({
  event: z.string(),
  data: z
    .object({
      id: z.union([z.number(), z.string()]).nullish(),
      status: z.string().nullish(),
      reference: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      paid_at: z.string().nullish(),
      paidAt: z.string().nullish(),
      channel: z.string().nullish(),
    })
    .passthrough(),
});

const TransferEventSchema = z.object({
  event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']),
  data: z
    .object({
      reference: z.string().min(1),
      transfer_code: z.string().nullish(),
      reason: z.string().nullish(),
      gateway_response: z.string().nullish(),
    })
    .passthrough(),
});

const ChargebackEventSchema = z.object({
  event: z.enum(['charge.dispute.create', 'charge.dispute.remind', 'charge.dispute.resolve']),
  data: z
    .object({
      id: z.union([z.number(), z.string()]).nullish(),
      due_at: z.string().nullish(),
      resolution: z.string().nullish(),
      transaction: z.object({ reference: z.string().min(1) }).passthrough(),
    })
    .passthrough(),
});

const ReferenceParamsSchema = z.object({ reference: z.string().min(1).max(100) });

// Routes that read the request body as raw bytes: the webhook (its signature is over the exact bytes)
// and the sandbox's payment page (plain HTML forms). Note: the raw-body parser is registered in this
// plugin only, so every other route keeps the JSON parser.
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // Paystack's webhook (register {PUBLIC_URL}/api/payment/webhook in its dashboard). charge.success,
  // transfer.success/failed/reversed and charge.dispute.create/remind/resolve change things; every other
  // event with a good signature is acknowledged with 200.
  app.post(
    '/payment/webhook',
    { schema: { tags: ['payments'], response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const payments = app.providers.payments;
      if (!isValidSignature(payments.webhookSecret, rawBody, request.headers['x-paystack-signature'])) {
        throw unauthorized('WEBHOOK_SIGNATURE_INVALID');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw badRequest('MALFORMED_BODY');
      }
      // Payouts' transfers and chargebacks (buyer protection, decision 058): same signature, same route.
      const transfer = TransferEventSchema.safeParse(body);
      if (transfer.success) {
        const { event, data } = transfer.data;
        const status =
          event === 'transfer.success' ? 'success' : event === 'transfer.failed' ? 'failed' : 'reversed';
        const reason = data.reason ?? data.gateway_response ?? undefined;
        await recordTransfer(app.db, {
          reference: data.reference,
          status,
          transferCode: data.transfer_code ?? null,
          ...(reason ? { reason } : {}),
        });
        app.jobQueue.wake();
        return ok(null, 'WEBHOOK_RECEIVED');
      }
      const chargeback = ChargebackEventSchema.safeParse(body);
      if (chargeback.success) {
        const { event, data } = chargeback.data;
        const dueAt = data.due_at ? new Date(data.due_at) : null;
        await recordChargeback(app.db, {
          event,
          disputeId: data.id === null || data.id === undefined ? null : String(data.id),
          reference: data.transaction.reference,
          dueAt: dueAt && !Number.isNaN(dueAt.getTime()) ? dueAt : null,
          resolution: data.resolution ?? null,
        });
        app.jobQueue.wake();
        return ok(null, 'WEBHOOK_RECEIVED');
      }
      const parsed = ChargeEventSchema.safeParse(body);
      if (!parsed.success) throw badRequest('INVALID_INPUT');
      const { event, data } = parsed.data;
      if (event === 'charge.success' && data.status === 'success') {
        const paidAt = data.paid_at ?? data.paidAt;
        const payment: ProviderPayment = {
          reference: data.reference,
          status: 'success',
          amount: data.amount,
          currency: data.currency,
          paidAt: paidAt ? new Date(paidAt) : null,
          channel: data.channel ?? null,
          providerId: data.id === null || data.id === undefined ? null : String(data.id),
        };
        await settlePayment({ db: app.db, payments, log: request.log, payment, payouts: app.config.payouts });
        app.jobQueue.wake();
      }
      return ok(null, 'WEBHOOK_RECEIVED');
    },
  );

  if (app.providers.payments.kind !== 'sandbox') return;

  // The sandbox's hosted payment page (Paystack's checkout, played by the app): Pay or Decline.
  // Note: plain forms and no script, so it passes the app's Content-Security-Policy.
  app.get(
    '/payment/sandbox/:reference',
    { schema: { hide: true, params: ReferenceParamsSchema } },
    async (request, reply) => {
      const payment = await findSandboxPayment(app.db, request.params.reference);
      if (!payment) throw notFound('TRANSACTION_NOT_FOUND');
      const action = `/api/payment/sandbox/${encodeURIComponent(payment.reference)}`;
      const isOpen = payment.status === 'abandoned';
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:1rem;color:#1d2b36}
main{max-width:24rem;margin:2rem auto;background:#fff;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.note{font-size:.875rem;color:#4a5a66}form{display:inline}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.375rem;border:0;margin:1rem .5rem 0 0;cursor:pointer}
.pay{background:#0a7d3b;color:#fff}.decline{background:#b02a37;color:#fff}
</style>
</head>
<body>
<main>
<h1>Oja payment sandbox</h1>
<p class="note">No real money moves: this page plays the card payment provider.</p>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(formatKobo(payment.amount))}</p>
<p>Paying as <strong>${escapeHtml(payment.email)}</strong></p>
<p class="note">Reference ${escapeHtml(payment.reference)}</p>
${
  isOpen
    ? `<form method="post" action="${action}/pay"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="${action}/decline"><button type="submit" class="decline">Decline</button></form>`
    : `<p>This payment is ${escapeHtml(payment.status === 'success' ? 'paid' : payment.status)}.</p>`
}
${
  payment.status === 'success'
    ? `<p class="note">Testers: raise the chargeback a card holder's bank would (Paystack's charge.dispute.create).</p>
<form method="post" action="${action}/chargeback"><button type="submit" class="decline">Raise a chargeback</button></form>`
    : ''
}
</main>
</body>
</html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  // Delivers an event to our own webhook route, signed as Paystack signs it.
  async function deliver(reference: string, event: object) {
    const body = JSON.stringify(event);
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(app.providers.payments.webhookSecret, body),
      },
      payload: body,
    });
    if (delivered.statusCode !== 200) {
      app.log.error({ reference, statusCode: delivered.statusCode }, 'sandbox webhook was not accepted');
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
    }
  }

  // Pay sends the charge.success webhook to our own webhook route, then sends the browser back to the
  // callback with the reference, as Paystack does. Chargeback (on a paid payment) sends charge.dispute.create
  // and comes back to this page.
  app.post(
    '/payment/sandbox/:reference/:outcome',
    {
      schema: {
        hide: true,
        params: ReferenceParamsSchema.extend({ outcome: z.enum(['pay', 'decline', 'chargeback']) }),
      },
    },
    async (request, reply) => {
      const { reference, outcome } = request.params;
      const existing = await findSandboxPayment(app.db, reference);
      if (!existing) throw notFound('TRANSACTION_NOT_FOUND');
      if (outcome === 'chargeback') {
        if (existing.status !== 'success') throw notFound('TRANSACTION_NOT_FOUND');
        await deliver(reference, sandboxChargebackEvent(existing));
        return reply.redirect(`/api/payment/sandbox/${encodeURIComponent(reference)}`, 303);
      }
      const settled = await settleSandboxPayment(app.db, reference, outcome === 'pay' ? 'success' : 'failed');
      if (settled?.status === 'success') await deliver(reference, sandboxChargeSuccessEvent(settled));
      const callback = new URL(existing.callbackUrl);
      callback.searchParams.set('trxref', reference);
      callback.searchParams.set('reference', reference);
      return reply.redirect(callback.toString(), 303);
    },
  );
};

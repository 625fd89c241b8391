import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, type MessageCode } from '@marketplace/shared/reply-texts';
import {
  CreateSubaccountInputSchema,
  SellerPayoutStatusSchema,
  SubaccountResultSchema,
} from '@marketplace/shared/schemas/banking';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import {
  CheckoutQuoteSchema,
  DeliveryQuoteSchema,
  InitializeTransactionInputSchema,
  InitializeTransactionResultSchema,
  PublicTransactionStatusSchema,
  TRANSACTION_OUTCOME_CODES,
  VerifyTransactionResultSchema,
  type Transaction,
} from '@marketplace/shared/schemas/payments';
import { ok } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import {
  currentUser,
  optionalAdmin,
  optionalUser,
  requireUser,
  requireUserOrAdmin,
} from '../../plugins/auth';
import { findTransaction } from '../transactions/index';
import { rateLimitFor } from '../../plugins/security';
import { quoteCheckout, quoteCheckoutDelivery, startCheckout } from './checkout';
import { verifyAndSettle } from './completion';
import { ensurePayoutSubaccount } from '../banking/index';
import { sellerPayoutStatus } from './service';
import { webhookRoutes } from './webhook-routes';

// spec §4: the delivery line of a paid order: pickup, or the courier booking's state ('Failed to book
// shipment' when it failed for good).
function bookingStatusCode(transaction: Transaction): MessageCode | null {
  if (transaction.status !== 'success') return null;
  const { order } = transaction;
  if (order.delivery === 'pickup') return 'BOOKING_PICKUP';
  if (order.bookingStatus === 'booked') return 'BOOKING_BOOKED';
  if (order.bookingStatus === 'failed') return 'BOOKING_FAILED';
  return 'BOOKING_PENDING';
}

// `ada@example.com` as `a***@example.com`: enough for the payer to know it is theirs, not a stranger's address.
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

const ReferenceParamsSchema = z.object({
  reference: z.string().trim().min(1).max(100, { error: 'TRANSACTION_NOT_FOUND' }),
});

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §7: POST /payment/subaccount; the client reads data.data.subaccount_code: the caller's own,
  // created from their verified account. With another seller's product_id: only whether they can be paid.
  app.post(
    '/payment/subaccount',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        body: CreateSubaccountInputSchema.optional(),
        response: {
          200: envelopeSchema(z.union([SubaccountResultSchema, SellerPayoutStatusSchema])),
          201: envelopeSchema(SubaccountResultSchema),
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const productId = request.body?.product_id;
      if (productId) {
        const ofSeller = await sellerPayoutStatus({
          db: app.db,
          payments: app.providers.payments,
          productId,
          callerId: userId,
        });
        if (ofSeller) return reply.status(200).send(ok(ofSeller, 'SELLER_CAN_BE_PAID'));
      }
      const { subaccount, wasCreated } = await ensurePayoutSubaccount({
        db: app.db,
        payments: app.providers.payments,
        userId,
        businessName: request.body?.businessName,
      });
      return reply
        .status(wasCreated ? 201 : 200)
        .send(ok(subaccount, wasCreated ? 'PAYOUT_ACCOUNT_CREATED' : 'PAYOUT_ACCOUNT_EXISTS'));
    },
  );

  // What the checkout page shows: price, split and the reason the caller may not pay, if any.
  app.get(
    '/checkout/:productId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        params: z.object({ productId: z.uuid({ error: 'PRODUCT_NOT_FOUND' }) }),
        response: { 200: envelopeSchema(CheckoutQuoteSchema) },
      },
    },
    async (request) => {
      const quote = await quoteCheckout({
        db: app.db,
        productId: request.params.productId,
        buyerId: currentUser(request).id,
        holdSeconds: app.config.checkoutHoldSeconds,
      });
      return ok(quote, 'CHECKOUT_FETCHED');
    },
  );

  // Courier prices for this listing from the seller to the caller, kept on the server (decision 018).
  // Note: each is a call to the courier service, so this shares the rate tester's limit.
  app.post(
    '/checkout/:productId/delivery-quotes',
    {
      onRequest: requireUser,
      config: { rateLimit: rateLimitFor(app.config.rateLimits.courierRates) },
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        params: z.object({ productId: z.uuid({ error: 'PRODUCT_NOT_FOUND' }) }),
        response: { 201: envelopeSchema(z.array(DeliveryQuoteSchema)) },
      },
    },
    async (request, reply) => {
      const quotes = await quoteCheckoutDelivery({
        db: app.db,
        courier: app.providers.courier,
        productId: request.params.productId,
        buyerId: currentUser(request).id,
      });
      return reply.status(201).send(ok(quotes, 'DELIVERY_QUOTES_FETCHED'));
    },
  );

  // spec §7: POST /payment/initialize-transaction; the client reads data.data.authorization_url.
  app.post(
    '/payment/initialize-transaction',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }],
        body: InitializeTransactionInputSchema,
        response: {
          200: envelopeSchema(InitializeTransactionResultSchema),
          201: envelopeSchema(InitializeTransactionResultSchema),
        },
      },
    },
    async (request, reply) => {
      const { result, isNew } = await startCheckout({
        db: app.db,
        payments: app.providers.payments,
        buyerId: currentUser(request).id,
        productId: request.body.product_id,
        quantity: request.body.quantity ?? 1,
        clientAmount: request.body.amount,
        deliveryQuoteId: request.body.delivery_quote_id,
        clientDeliveryFee: request.body.delivery_fee,
        holdSeconds: app.config.checkoutHoldSeconds,
        holdLimits: app.config.holdLimits,
        callbackUrl: `${app.config.publicUrl}/confirmationPage`,
        payoutMode: app.config.payouts.mode,
      });
      return reply
        .status(isNew ? 201 : 200)
        .send(ok(result, isNew ? 'PAYMENT_INITIALIZED' : 'CHECKOUT_IN_PROGRESS'));
    },
  );

  // spec §7: GET /verify-transaction/{reference}: the buyer, the seller or an admin.
  // Note: someone else's reference is a 404, never a 403 that would confirm it exists.
  app.get(
    '/verify-transaction/:reference',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        tags: ['payments'],
        security: [{ user: [] }, { admin: [] }],
        params: ReferenceParamsSchema,
        response: { 200: envelopeSchema(VerifyTransactionResultSchema) },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const before = await findTransaction({ db: app.db, reference });
      const callerId = request.user?.id;
      if (!before || (!request.admin && callerId !== before.buyerId && callerId !== before.sellerId))
        throw notFound('TRANSACTION_NOT_FOUND');
      await verifyAndSettle({
        db: app.db,
        payments: app.providers.payments,
        log: request.log,
        reference,
        payouts: app.config.payouts,
      });
      // A sale with courier delivery queued its booking: run it now rather than at the next poll.
      app.jobQueue.wake();
      const after = await findTransaction({ db: app.db, reference });
      if (!after) throw notFound('TRANSACTION_NOT_FOUND');
      const bookingCode = bookingStatusCode(after.transaction);
      return ok(
        {
          transactionDetails: after.transaction,
          bookingStatus: bookingCode ? messages[bookingCode] : null,
          bookingStatusCode: bookingCode,
        },
        'TRANSACTION_VERIFIED',
      );
    },
  );

  // spec §7: GET /transaction/verify/{reference}, no login: the status, amount, the provider's id and the method;
  // the message says what happened (decision 051).
  // Note: the payer's e-mail is masked for anyone but the buyer, the seller and admins.
  app.get(
    '/transaction/verify/:reference',
    {
      schema: {
        tags: ['payments'],
        params: ReferenceParamsSchema,
        response: { 200: envelopeSchema(PublicTransactionStatusSchema) },
      },
    },
    async (request) => {
      const { reference } = request.params;
      const before = await findTransaction({ db: app.db, reference });
      if (!before) throw notFound('TRANSACTION_NOT_FOUND');
      await verifyAndSettle({
        db: app.db,
        payments: app.providers.payments,
        log: request.log,
        reference,
        payouts: app.config.payouts,
      });
      // A sale with courier delivery queued its booking: run it now rather than at the next poll.
      app.jobQueue.wake();
      const after = await findTransaction({ db: app.db, reference });
      if (!after) throw notFound('TRANSACTION_NOT_FOUND');
      const { status, amount, currency, paidAt, transactionId, paymentMethod, customerEmail } =
        after.transaction;
      const user = await optionalUser(app, request);
      const isParty =
        (user !== null && (user.id === after.buyerId || user.id === after.sellerId)) ||
        (user === null && (await optionalAdmin(app, request)) !== null);
      return ok(
        {
          reference,
          status,
          amount,
          currency,
          paidAt,
          transactionId,
          paymentMethod,
          customerEmail: isParty ? customerEmail : maskEmail(customerEmail),
        },
        TRANSACTION_OUTCOME_CODES[status],
      );
    },
  );

  await app.register(webhookRoutes);
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import {
  CourierSchema,
  CouriersQuerySchema,
  RateInputSchema,
  RateReplySchema,
  ShipmentTrackingResultSchema,
} from '@marketplace/shared/schemas/shipping';
import { ok } from '../../lib/envelope';
import { notFound, unauthorized } from '../../lib/errors';
import { requireAdmin, requireUserOrAdmin } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import { retryBooking } from './booking';
import { getRates, listCouriers } from './service';
import { isWebhookSecret, onCourierStatusWebhook } from './status-webhook';
import { trackShipment } from './tracking';

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  // spec §2: the /goshiip rate tester is a visitor page, so neither call needs a login.
  // Note: each may be a call to GoShiip, so both have a limit of their own.
  const rateLimit = rateLimitFor(app.config.rateLimits.courierRates);

  app.get(
    '/couriers',
    {
      config: { rateLimit },
      schema: {
        tags: ['shipping'],
        querystring: CouriersQuerySchema,
        response: { 200: envelopeSchema(z.array(CourierSchema)) },
      },
    },
    async (request) =>
      ok(
        await listCouriers({ courier: app.providers.courier, type: request.query.type }),
        'COURIERS_FETCHED',
      ),
  );

  app.post(
    '/rates',
    {
      config: { rateLimit },
      schema: {
        tags: ['shipping'],
        body: RateInputSchema,
        response: { 200: envelopeSchema(RateReplySchema) },
      },
    },
    async (request) =>
      ok(await getRates({ courier: app.providers.courier, request: request.body }), 'RATE_FETCHED'),
  );

  // spec §7: GET /track-shipment/{shipmentReference}; data.data.current_status. The buyer, the seller or
  // an admin. Note: anyone else gets 404, never a 403 that would confirm the shipment exists.
  app.get(
    '/track-shipment/:shipmentReference',
    {
      onRequest: requireUserOrAdmin,
      config: { rateLimit },
      schema: {
        tags: ['shipping'],
        security: [{ user: [] }, { admin: [] }],
        params: z.object({
          shipmentReference: z
            .string()
            .trim()
            .min(1, { error: 'SHIPMENT_NOT_FOUND' })
            .max(100, { error: 'SHIPMENT_NOT_FOUND' }),
        }),
        response: { 200: envelopeSchema(ShipmentTrackingResultSchema) },
      },
    },
    async (request) =>
      ok(
        await trackShipment({
          db: app.db,
          courier: app.providers.courier,
          shipmentReference: request.params.shipmentReference,
          caller: { userId: request.user?.id ?? null, isAdmin: Boolean(request.admin) },
        }),
        'SHIPMENT_TRACKED',
      ),
  );

  // An admin tries a courier booking that failed for good again (admin transactions screen).
  app.post(
    '/admin/orders/:orderId/retry-booking',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['shipping'],
        security: [{ admin: [] }],
        params: z.object({ orderId: z.uuid({ error: 'ORDER_NOT_FOUND' }) }),
        response: {
          202: envelopeSchema(z.object({ orderId: z.uuid(), bookingStatus: z.literal('pending') })),
        },
      },
    },
    async (request, reply) => {
      await retryBooking({ db: app.db, orderId: request.params.orderId });
      app.jobQueue.wake();
      return reply
        .status(202)
        .send(
          ok({ orderId: request.params.orderId, bookingStatus: 'pending' as const }, 'BOOKING_RETRY_QUEUED'),
        );
    },
  );

  // GoShiip's status webhook: register {PUBLIC_URL}/api/shipping/webhook?secret=<GOSHIIP_WEBHOOK_SECRET> in its
  // dashboard. Unset, the route is not there (404), and statuses come from the poll job alone.
  // Note: the secret is compared in constant time and never logged (lib/redact.ts); the body only names
  // shipments, whose status is then asked of GoShiip itself (status-webhook.ts).
  app.post(
    '/shipping/webhook',
    {
      config: { rateLimit },
      schema: {
        tags: ['shipping'],
        querystring: z.object({ secret: z.string().max(200).optional() }),
        body: z.unknown(),
        response: { 200: envelopeSchema(z.object({ changed: z.number().int() })) },
      },
    },
    async (request) => {
      const expected = app.config.goshiipWebhookSecret;
      if (!expected) throw notFound();
      if (!isWebhookSecret(expected, request.query.secret)) throw unauthorized('WEBHOOK_SIGNATURE_INVALID');
      const changed = await onCourierStatusWebhook({
        db: app.db,
        courier: app.providers.courier,
        body: request.body,
      });
      return ok({ changed }, 'WEBHOOK_RECEIVED');
    },
  );
};

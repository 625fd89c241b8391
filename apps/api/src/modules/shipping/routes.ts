import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import {
  CourierSchema,
  CouriersQuerySchema,
  RateInputSchema,
  ShipmentRateSchema,
} from '@marketplace/shared/schemas/shipping';
import { ok } from '../../lib/envelope';
import { rateLimitFor } from '../../plugins/security';
import { getRates, listCouriers } from './service';

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
        response: { 200: envelopeSchema(z.array(ShipmentRateSchema)) },
      },
    },
    async (request) =>
      ok(await getRates({ courier: app.providers.courier, request: request.body }), 'RATE_FETCHED'),
  );
};

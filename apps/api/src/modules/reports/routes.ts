import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdParamsSchema } from '@marketplace/shared/schemas/api';
import { ListingReportInputSchema } from '@marketplace/shared/schemas/reports';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import { reportListing } from './service';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Report this listing (decision 022): logged-in users, one report each, a few an hour per address.
  app.post(
    '/products/:id/reports',
    {
      onRequest: requireUser,
      config: { rateLimit: rateLimitFor(app.config.rateLimits.listingReports) },
      schema: {
        tags: ['products'],
        security: [{ user: [] }],
        params: IdParamsSchema,
        body: ListingReportInputSchema,
        response: { 201: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      await reportListing({
        db: app.db,
        productId: request.params.id,
        reporterId: currentUser(request).id,
        input: request.body,
        hideThreshold: app.config.reportHideThreshold,
        minAccountAgeHours: app.config.reporterMinAccountAgeHours,
      });
      // Note: the reply does not say whether the listing was hidden: a reporter learns nothing about others' reports.
      return reply.status(201).send(ok(null, 'REPORT_SENT'));
    },
  );
};

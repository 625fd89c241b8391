import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { ListingReportInputSchema, ListingReportSchema } from '@marketplace/shared/schemas/reports';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import { listListingReports, reportListing } from './service';

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

  // A listing's reports, newest first, a page at a time, for admins (the listing's admin page carries the newest
  // 50 and the cursor of the rest; decision 090). An unknown listing has none.
  app.get(
    '/admin/products/:id/reports',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(ListingReportSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listListingReports({
        db: app.db,
        productId: request.params.id,
        minAccountAgeHours: app.config.reporterMinAccountAgeHours,
        page: request.query,
      });
      return okList(items, meta, 'REPORTS_FETCHED');
    },
  );
};

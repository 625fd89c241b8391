import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { ReferralSchema } from '@marketplace/shared/schemas/accounts';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import { generateRefId, listReferrals } from './service';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/generate-refID',
    {
      onRequest: requireUser,
      schema: {
        tags: ['referrals'],
        security: [{ user: [] }],
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) =>
      ok(await generateRefId({ db: app.db, userId: currentUser(request).id }), 'REF_ID_GENERATED'),
  );

  // The caller's referrals, newest first, a page at a time (the profile carries the newest 50; decision 089).
  app.get(
    '/users/referrals',
    {
      onRequest: requireUser,
      schema: {
        tags: ['referrals'],
        security: [{ user: [] }],
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(ReferralSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listReferrals({
        db: app.db,
        userId: currentUser(request).id,
        page: request.query,
      });
      return okList(items, meta, 'REFERRALS_FETCHED');
    },
  );

  // A user's referrals as the admin users screen's card lists them, a page at a time. An unknown user has none.
  app.get(
    '/admin/users/:id/referrals',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['referrals'],
        security: [{ admin: [] }],
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(ReferralSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listReferrals({
        db: app.db,
        userId: request.params.id,
        page: request.query,
      });
      return okList(items, meta, 'REFERRALS_FETCHED');
    },
  );
};

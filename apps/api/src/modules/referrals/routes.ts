import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { generateRefId } from './service';

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
};

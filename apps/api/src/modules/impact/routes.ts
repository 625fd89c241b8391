import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { PlatformImpactSchema, UserImpactSchema } from '@marketplace/shared/schemas/donations';
import { ok } from '../../lib/envelope';
import { cachedBody, envelopeJson, sendCachedBody } from '../../lib/json-reply';
import { currentUser, requireUser } from '../../plugins/auth';
import { platformImpactJson, userImpact } from './service';

export const impactRoutes: FastifyPluginAsyncZod = async (app) => {
  // The platform's impact (decision 025): public, one SQL statement, micro-cached like the other public reads.
  const PlatformReplySchema = envelopeSchema(PlatformImpactSchema);
  app.get(
    '/impact',
    { schema: { tags: ['impact'], response: { 200: PlatformReplySchema } } },
    async (_request, reply) => {
      const body = await cachedBody(app, 'impact', async () =>
        envelopeJson('IMPACT_FETCHED', await platformImpactJson({ db: app.db })),
      );
      return sendCachedBody(reply, PlatformReplySchema, body, 'impact');
    },
  );

  // The caller's own impact: what they passed on and received.
  app.get(
    '/impact/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['impact'],
        security: [{ user: [] }],
        response: { 200: envelopeSchema(UserImpactSchema) },
      },
    },
    async (request) =>
      ok(await userImpact({ db: app.db, userId: currentUser(request).id }), 'IMPACT_FETCHED'),
  );
};

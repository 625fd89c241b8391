import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@marketplace/shared/schemas/accounts';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { getMe } from './service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userProfile/profile',
    { preHandler: requireUser, schema: { tags: ['profiles'], security: [{ user: [] }], response: { 200: envelopeSchema(MeSchema) } } },
    async (request) => ok(await getMe({ db: app.db, userId: currentUser(request).id }), 'PROFILE_FETCHED'),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MeSchema } from '@marketplace/shared/schemas/accounts';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { readProfileForm } from './profile-form';
import { getMe, updateProfile } from './service';
import { rememberLanguage } from '../../lib/account-mails';
import { expressedLanguage } from '../../lib/page-language';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userProfile/profile',
    {
      onRequest: requireUser,
      schema: { tags: ['profiles'], security: [{ user: [] }], response: { 200: envelopeSchema(MeSchema) } },
    },
    async (request) => ok(await getMe({ db: app.db, userId: currentUser(request).id }), 'PROFILE_FETCHED'),
  );

  // spec §7: multipart with every profile field and the picture as the file field `image`.
  app.put(
    '/userProfile/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profiles'],
        security: [{ user: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(MeSchema) },
      },
    },
    async (request) => {
      const { profile, isSeller } = await updateProfile({
        db: app.db,
        payments: app.providers.payments,
        mediaStorage: app.providers.mediaStorage,
        log: request.log,
        userId: currentUser(request).id,
        form: await readProfileForm(request),
      });
      await rememberLanguage(app.db, currentUser(request).id, expressedLanguage(request));
      return ok(profile, isSeller ? 'PROFILE_UPDATED_SELLER' : 'PROFILE_UPDATED');
    },
  );
};

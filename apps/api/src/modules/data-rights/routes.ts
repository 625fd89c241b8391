import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { AccountExportSchema, DeleteAccountInputSchema } from '@marketplace/shared/schemas/data-rights';
import type { RateLimit } from '../../config';
import { takeAttempt } from '../../lib/attempt-limiter';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';

// Each export reads every table about the user: a few an hour is plenty for the person, and no more for a
// stolen session.
const EXPORTS_PER_HOUR: RateLimit = { max: 10, windowMs: 60 * 60_000 };

// People's rights over their data (Nigeria Data Protection Act 2023; decision 050).
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  // A download: the envelope as a JSON file, so the web app reads it as any other reply.
  app.get(
    '/userProfile/export',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profiles'],
        security: [{ user: [] }],
        response: { 200: envelopeSchema(AccountExportSchema) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await takeAttempt(app.db, `data-export:${userId}`, EXPORTS_PER_HOUR);
      const data = await exportAccount({ db: app.db, userId });
      const day = data.exportedAt.slice(0, 10);
      void reply
        .header('Content-Disposition', `attachment; filename="oja-my-data-${day}.json"`)
        .header('Cache-Control', 'no-store');
      return ok(data, 'DATA_EXPORTED');
    },
  );

  app.delete(
    '/userProfile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profiles'],
        security: [{ user: [] }],
        body: DeleteAccountInputSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteAccount({
        db: app.db,
        config: app.config,
        mediaStorage: app.providers.mediaStorage,
        log: request.log,
        userId: currentUser(request).id,
        password: request.body.password,
      });
      return ok(null, 'ACCOUNT_DELETED');
    },
  );
};

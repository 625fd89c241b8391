import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BankSchema,
  ResolveAccountQuerySchema,
  ResolvedAccountSchema,
} from '@marketplace/shared/schemas/banking';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import { listBanks, resolveBankAccount } from './service';

export const bankingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bank list is public information: no login needed.
  app.get(
    '/userProfile/banks',
    { schema: { tags: ['banking'], response: { 200: envelopeSchema(z.array(BankSchema)) } } },
    async () => ok(await listBanks({ payments: app.providers.payments }), 'BANKS_FETCHED'),
  );

  app.get(
    '/userProfile/resolve-account',
    {
      onRequest: requireUser,
      // Note: each resolve is a call to the payment provider (and a way to look up names behind
      // account numbers), so it has a strict limit of its own.
      config: { rateLimit: rateLimitFor(app.config.rateLimits.resolveAccount) },
      schema: {
        tags: ['banking'],
        security: [{ user: [] }],
        querystring: ResolveAccountQuerySchema,
        response: { 200: envelopeSchema(ResolvedAccountSchema) },
      },
    },
    async (request) =>
      ok(
        await resolveBankAccount({
          db: app.db,
          payments: app.providers.payments,
          userId: currentUser(request).id,
          query: request.query,
        }),
        'BANK_VERIFIED',
      ),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ping } from '../../db/client';
import { ok } from '../../lib/envelope';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })) },
      },
    },
    async () => {
      await ping(app.db);
      return ok({ status: 'ok' as const, database: app.databaseKind });
    },
  );
};

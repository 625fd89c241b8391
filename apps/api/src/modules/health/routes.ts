import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { migrationStatus, type MigrationStatus } from '../../db/client';
import { ok } from '../../lib/envelope';
import { sendFailure } from '../../plugins/errors';

// How long readiness waits for the database before it calls it unreachable (a load balancer's probe
// usually gives up after a few seconds itself).
const READY_TIMEOUT_MS = 3000;

class TimedOut extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const MigrationsSchema = z.object({ applied: z.number().int(), expected: z.number().int() });

// Probes for load balancers and orchestrators; never rate limited. /health: the process answers (alive); it
// asks nothing of the database, so an outage of the database does not get every process restarted by a
// liveness probe. /ready: it can serve traffic: the database answers, every migration this build ships is
// applied, and the server is not shutting down. A 503 tells the balancer to send requests elsewhere for now.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: envelopeSchema(
            z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          ),
        },
      },
    },
    async () => ok({ status: 'ok' as const, database: app.databaseKind }),
  );

  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: envelopeSchema(
            z.object({
              status: z.literal('ready'),
              database: z.enum(['pglite', 'postgres']),
              migrations: MigrationsSchema,
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      if (app.lifecycle.draining) return sendFailure(reply, 503, 'NOT_READY_SHUTTING_DOWN');
      let migrations: MigrationStatus;
      try {
        // The statement's own limit lets the pool drop a connection that no longer answers; the race also
        // bounds the wait for a free connection.
        migrations = await withTimeout(
          migrationStatus(app.db, { timeoutMs: READY_TIMEOUT_MS }),
          READY_TIMEOUT_MS,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database did not answer');
        return sendFailure(reply, 503, 'NOT_READY_DATABASE', { database: 'unreachable' });
      }
      const counts = { applied: migrations.applied, expected: migrations.expected };
      if (!migrations.upToDate)
        return sendFailure(reply, 503, 'NOT_READY_MIGRATIONS', { database: 'reachable', migrations: counts });
      return ok({ status: 'ready' as const, database: app.databaseKind, migrations: counts });
    },
  );
};

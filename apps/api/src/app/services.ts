import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { clusterMetricsRender, isClusterWorker } from '../cluster';
import { createJobRegistry, type JobRegistry } from '../lib/jobs';
import { createLocalMediaStorage, type MediaStorage } from '../lib/media-storage';
import { createMicroCache, type MicroCache } from '../lib/micro-cache';
import { postgresRateLimitStore } from '../lib/rate-limit-store';
import { connectRedis } from '../lib/redis';
import { createEventHub, type EventHub } from '../modules/events/hub';
import { notifySaversOfPriceDrop } from '../modules/favourites/service';
import { endOffersOnEdit } from '../modules/offers/index';
import { isSoldOrHeld } from '../modules/payments/holds';
import { loggable } from '../plugins/errors';
import { createMetrics, type Metrics } from '../plugins/metrics';
import type { RateLimitBackend } from '../plugins/security';
import { createCourierProvider, type CourierProvider } from '../providers/courier/index';
import { createMailer, type Mail, type Mailer } from '../providers/mail/index';
import { createMediaHost, type MediaHost } from '../providers/media/index';
import { createPaymentsProvider, type PaymentsProvider } from '../providers/payments/index';
import { createPlacesProvider, type PlacesProvider } from '../providers/places/index';
import type { JobRunner } from '../jobs/runner';

export type Providers = {
  mailer: Mailer;
  payments: PaymentsProvider;
  places: PlacesProvider;
  mediaStorage: MediaStorage;
  mediaHost: MediaHost;
  courier: CourierProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    providers: Providers;
    // `log`: the request's logger, so the mail's log line carries its request id.
    sendMailInBackground: (mail: Mail, log?: FastifyBaseLogger) => void;
    publicCache: MicroCache;
    // Pages drawn for readers with no credential, by language and address (plugins/web.ts, decision 065).
    pageCache: MicroCache;
    jobs: JobRegistry;
    // draining: the app is closing (readiness answers 503 so balancers stop sending).
    lifecycle: { draining: boolean };
    // The database job queue (shipment booking and tracking): `runDue` runs what is due now; `wake` asks the
    // poll to look now.
    jobQueue: JobRunner & { wake: () => void };
    // This process's live event streams and its one listening connection (decision 023).
    eventHub: EventHub;
  }
}

// What every route and job shares, as decorations of the app: the configuration, the database, the
// providers (real or sandbox), the caches, live events, background mail; then the request limits' store.
// Closing: readiness turns 503 at once, background jobs stop (waiting for a run under way), then Fastify waits
// for the requests in flight, then the mail still on its way and the database close.
export async function decorateServices(
  app: FastifyInstance,
  {
    config,
    database,
    ownsDatabase,
    providers,
  }: { config: Config; database: DatabaseHandle; ownsDatabase: boolean; providers?: Partial<Providers> },
): Promise<{ metrics: Metrics | undefined; rateLimitBackend: RateLimitBackend; mediaDirectory: string }> {
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('publicCache', createMicroCache({ ttlMs: config.publicCacheMs }));
  // A page is some 50 KB: a hundred of them at most.
  app.decorate('pageCache', createMicroCache({ ttlMs: config.publicCacheMs, maxEntries: 100 }));
  app.decorate('jobs', createJobRegistry());
  app.decorate('lifecycle', { draining: false });
  // Products asks the flows and its siblings through these, so no import runs back up (decision 053).
  app.decorate('listingHooks', {
    isSoldOrHeld,
    // Savers hear of a price drop; offers end when the listing is withdrawn or repriced (decision 061).
    onListingEdited: async (change) => {
      await notifySaversOfPriceDrop(change);
      await endOffersOnEdit(change);
    },
  });
  app.decorate(
    'eventHub',
    createEventHub({
      db: database.db,
      listen: database.listen,
      log: app.log,
      heartbeatMs: config.events.heartbeatMs,
      maxStreamMs: config.events.maxStreamMs,
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
    // Open event streams end now (their clients reconnect to another process), or the close would wait
    // for them.
    await app.eventHub.close();
    await app.jobs.stopAll();
  });
  // Note: a keep-alive connection whose last request is answered during the close would keep the server
  // open until its idle timeout; closing it after the reply lets the close end with the last request.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  const metrics = config.metricsToken ? createMetrics(app, { poolStats: database.poolStats }) : undefined;
  // With several processes (WEB_CONCURRENCY), any of them answers /api/metrics with the sum over all.
  if (metrics && isClusterWorker()) metrics.render = clusterMetricsRender(metrics.registry);

  const rateLimitBackend = await rateLimitStore(app, config, database.db);

  const mediaDirectory = `${config.dataDir}/media`;
  app.decorate('providers', {
    mailer: createMailer(config),
    payments: createPaymentsProvider(config, database.db),
    places: createPlacesProvider(config),
    mediaStorage: createLocalMediaStorage({ directory: mediaDirectory }),
    mediaHost: createMediaHost(config),
    courier: createCourierProvider(config),
    ...providers,
  });

  // Mail is sent after the reply; close() waits for what is still on its way.
  const pendingMail = new Set<Promise<void>>();
  app.decorate('sendMailInBackground', (mail: Mail, log: FastifyBaseLogger = app.log) => {
    const sending = app.providers.mailer
      .send(mail)
      .then((where) => log.info({ to: mail.to, subject: mail.subject, where }, 'mail sent'))
      .catch((error: unknown) =>
        log.error(
          { err: error instanceof Error ? loggable(error) : String(error), to: mail.to },
          'mail not sent',
        ),
      )
      .finally(() => pendingMail.delete(sending));
    pendingMail.add(sending);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pendingMail);
    if (ownsDatabase) await database.close();
  });

  // Any successful change (a listing, a profile shown on product pages, a moderation decision) clears
  // the cached public replies and pages of this process.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      app.publicCache.clear();
      app.pageCache.clear();
    }
  });
  return { metrics, rateLimitBackend, mediaDirectory };
}

// Request limits count where every process sees them: Redis when REDIS_URL is set, else PostgreSQL.
async function rateLimitStore(app: FastifyInstance, config: Config, db: Database): Promise<RateLimitBackend> {
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, (error) =>
      app.log.warn({ err: error }, 'Redis connection lost; request limits not counted meanwhile'),
    );
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    return { redis };
  }
  const counters = postgresRateLimitStore(db);
  // Counts still held in this process are written before the database closes.
  app.addHook('preClose', async () => {
    await counters
      .drain()
      .catch((error: unknown) => app.log.warn({ err: error }, 'request counts not written'));
  });
  return { store: counters.Store };
}

import type { Server } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { constants as zlibConstants } from 'node:zlib';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createLocalMediaStorage, serveMedia, type MediaStorage } from './lib/media-storage';
import { createJobRegistry, startPeriodicJob, type JobRegistry } from './lib/jobs';
import { createMicroCache, type MicroCache } from './lib/micro-cache';
import { postgresRateLimitStore } from './lib/rate-limit-store';
import { connectRedis } from './lib/redis';
import { logRedaction, redactSecrets } from './lib/redact';
import { sweepCounters } from './lib/attempt-limiter';
import { clusterMetricsRender, isClusterWorker } from './cluster';
import { requestIdFor } from './lib/request-id';
import { replySerializerCompiler } from './lib/reply-schema';
import { sendAbsoluteMediaUrls } from './lib/absolute-media';
import { accountRoutes } from './modules/accounts/routes';
import { adminProductRoutes } from './modules/admin/product-routes';
import { adminRoutes } from './modules/admin/routes';
import { bankingRoutes } from './modules/banking/routes';
import { donationRoutes } from './modules/donations/routes';
import { healthRoutes } from './modules/health/routes';
import { createEventHub, type EventHub } from './modules/events/hub';
import { eventRoutes } from './modules/events/routes';
import { sweepEvents } from './modules/events/service';
import { impactRoutes } from './modules/impact/routes';
import { mediaRoutes } from './modules/media/routes';
import { messageJobs } from './modules/messages/digest';
import { messageRoutes } from './modules/messages/routes';
import { sweepUnattachedMedia } from './modules/media/service';
import { newsletterRoutes } from './modules/newsletter/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { expireHolds, isSoldOrHeld } from './modules/payments/checkout';
import { notifySaversOfPriceDrop } from './modules/favourites/service';
import { paymentRoutes } from './modules/payments/routes';
import { placesRoutes } from './modules/places/routes';
import { productOpenGraph } from './modules/products/open-graph';
import { firstView } from './modules/products/first-view';
import { productRoutes } from './modules/products/routes';
import { favouriteRoutes } from './modules/favourites/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { reportRoutes } from './modules/reports/routes';
import { transactionRoutes } from './modules/transactions/routes';
import { orderRoutes } from './modules/orders/routes';
import { siteConfigRoutes } from './modules/site-config/routes';
import { referralRoutes } from './modules/referrals/routes';
import { profileRoutes } from './modules/profiles/routes';
import { dataRightsRoutes } from './modules/data-rights/routes';
import { shippingJobs, trackingIntervalSeconds } from './modules/shipping/booking';
import { shippingRoutes } from './modules/shipping/routes';
import { registerAuth } from './plugins/auth';
import { registerCors } from './plugins/cors';
import { registerDocs } from './plugins/docs';
import { failureFor, loggable, registerErrorHandler, sendFailure, sendNotFound } from './plugins/errors';
import { acceptEmptyJsonBodies } from './plugins/json-body';
import { createMetrics, registerMetricsRoute, type Metrics } from './plugins/metrics';
import { registerRateLimits, registerSecurityHeaders, type RateLimitBackend } from './plugins/security';
import { registerWeb } from './plugins/web';
import { createCourierProvider, type CourierProvider } from './providers/courier/index';
import { createMailer, type Mail, type Mailer } from './providers/mail/index';
import { createMediaHost, type MediaHost } from './providers/media/index';
import { createPaymentsProvider, type PaymentsProvider } from './providers/payments/index';
import { createPlacesProvider, type PlacesProvider } from './providers/places/index';

export { redactSecrets };

const HOLD_SWEEP_MS = 60_000;
// Media no listing used for a day are removed this often (decision 016).
const MEDIA_SWEEP_MS = 15 * 60_000;
const COUNTER_SWEEP_MS = 10 * 60_000;
const EVENT_SWEEP_MS = 15 * 60_000;

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

export type BuildOptions = {
  config: Config;
  // Tests pass their own database; otherwise the app opens (and closes) the configured one.
  database?: DatabaseHandle;
  providers?: Partial<Providers>;
  logger?: boolean;
  // Where log lines go (stdout when unset); tests read them here.
  logStream?: { write: (line: string) => void };
};

// Builds the whole app; what tests import. server.ts only listens (fastify/demo).
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const serverOptions: FastifyHttpOptions<Server> = {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Note: the secrets in URLs (a sign-in or reset link's token, a ticket, a payment reference, in the
            // query or the path) and in logged fields never reach the log (lib/redact.ts, decision 047).
            redact: logRedaction,
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactSecrets(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (reqId); replies carry it in X-Request-Id and error bodies.
    requestIdHeader: false,
    genReqId: requestIdFor,
    bodyLimit: 1024 * 1024,
    // While closing, a request that still reaches the server (on a connection already open) is answered
    // as usual, with `Connection: close`; /api/ready then says NOT_READY_SHUTTING_DOWN in the envelope,
    // instead of Fastify's own bare 503.
    return503OnClosing: false,
    // A URL the router cannot decode (a broken %-escape) fails before any hook runs: the failure envelope
    // and the request id all the same.
    frameworkErrors: (error, request, reply) => {
      const failure = failureFor(error);
      request.log.info({ code: failure.code, statusCode: failure.statusCode }, 'request refused');
      void sendFailure(reply.header('x-request-id', request.id), failure.statusCode, failure.code);
    },
    routerOptions: { ignoreTrailingSlash: true },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ isStrict: config.strictReplies }));

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      // Note: pg-pool hangs the connection on the error (`err.client`): the log gets the error alone.
      onConnectionLost: (error) => app.log.warn({ err: loggable(error) }, 'a database connection was lost; the pool opens another'),
    }));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('publicCache', createMicroCache({ ttlMs: config.publicCacheMs }));
  app.decorate('jobs', createJobRegistry());
  app.decorate('lifecycle', { draining: false });
  // Products asks the flows and its siblings through these, so no import runs back up (decision 053).
  app.decorate('listingHooks', { isSoldOrHeld, onListingEdited: notifySaversOfPriceDrop });
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
  // Closing: readiness turns 503 at once, background jobs stop (waiting for a run under way), then
  // Fastify waits for the requests in flight, then the mail still on its way and the database close.
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
  const metrics: Metrics | undefined = config.metricsToken
    ? createMetrics(app, { poolStats: database.poolStats })
    : undefined;
  // With several processes (WEB_CONCURRENCY), any of them answers /api/metrics with the sum over all.
  if (metrics && isClusterWorker()) metrics.render = clusterMetricsRender(metrics.registry);

  // Request limits count where every process sees them: Redis when REDIS_URL is set, else PostgreSQL.
  let rateLimitBackend: RateLimitBackend;
  if (config.redisUrl) {
    const redis = await connectRedis(config.redisUrl, (error) =>
      app.log.warn({ err: error }, 'Redis connection lost; request limits not counted meanwhile'),
    );
    rateLimitBackend = { redis };
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  } else {
    const counters = postgresRateLimitStore(database.db);
    rateLimitBackend = { store: counters.Store };
    // Counts still held in this process are written before the database closes.
    app.addHook('preClose', async () => {
      await counters
        .drain()
        .catch((error: unknown) => app.log.warn({ err: error }, 'request counts not written'));
    });
  }
  const mediaDirectory = `${config.dataDir}/media`;
  app.decorate('providers', {
    mailer: createMailer(config),
    payments: createPaymentsProvider(config, database.db),
    places: createPlacesProvider(config),
    mediaStorage: createLocalMediaStorage({ directory: mediaDirectory }),
    mediaHost: createMediaHost(config),
    courier: createCourierProvider(config),
    ...options.providers,
  });

  // Mail is sent after the reply; close() waits for what is still on its way.
  const pendingMail = new Set<Promise<void>>();
  app.decorate('sendMailInBackground', (mail: Mail, log: FastifyBaseLogger = app.log) => {
    const sending = app.providers.mailer
      .send(mail)
      .then((where) => log.info({ to: mail.to, subject: mail.subject, where }, 'mail sent'))
      .catch((error: unknown) => log.error({ err: error instanceof Error ? loggable(error) : String(error), to: mail.to }, 'mail not sent'))
      .finally(() => pendingMail.delete(sending));
    pendingMail.add(sending);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pendingMail);
    if (!options.database) await database.close();
  });

  // Any successful change (a listing, a profile shown on product pages, a moderation decision) clears
  // the cached public replies of this process.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
      app.publicCache.clear();
  });

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerAuth(app);
  await registerSecurityHeaders(app, { mediaOrigins: app.providers.mediaHost.origins });
  sendAbsoluteMediaUrls(app);
  // Replies over 1 KB go out compressed (the home list shrinks about five times). Brotli at a moderate
  // level: per-request work stays small; built assets are compressed ahead of time at the highest.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 12, fields: 60, fieldSize: 64 * 1024 },
  });
  await registerDocs(app);

  await app.register(
    async (api) => {
      registerCors(api, config.corsOrigins);
      await registerRateLimits(api, rateLimitBackend);
      api.setNotFoundHandler((_request, reply) => sendNotFound(reply));
      await api.register(healthRoutes);
      registerMetricsRoute(api, metrics);
      await api.register(accountRoutes);
      await api.register(referralRoutes);
      await api.register(profileRoutes);
      await api.register(dataRightsRoutes);
      await api.register(newsletterRoutes);
      await api.register(notificationRoutes);
      await api.register(eventRoutes);
      await api.register(adminRoutes);
      await api.register(adminProductRoutes);
      await api.register(bankingRoutes);
      await api.register(paymentRoutes);
      await api.register(placesRoutes);
      await api.register(mediaRoutes);
      await api.register(productRoutes);
      await api.register(reportRoutes);
      await api.register(favouriteRoutes);
      await api.register(reviewRoutes);
      await api.register(messageRoutes);
      await api.register(donationRoutes);
      await api.register(impactRoutes);
      await api.register(transactionRoutes);
      await api.register(orderRoutes);
      await api.register(siteConfigRoutes);
      await api.register(shippingRoutes);
    },
    { prefix: '/api' },
  );

  await serveMedia(app, { directory: mediaDirectory });

  // Background jobs in the database (shipment booking and tracking, digests of unread messages). Every process may run them; each job
  // runs in one. The poll is one of the app's periodic jobs, so it stops (after the run under way) before
  // the database closes.
  const jobQueue = createJobRunner({
    db: app.db,
    log: app.log,
    handlers: {
      ...shippingJobs({ db: app.db, courier: app.providers.courier, trackEverySeconds: trackingIntervalSeconds(config) }),
      ...messageJobs({ db: app.db, mailer: app.providers.mailer, publicUrl: config.publicUrl }),
    },
    leaseSeconds: config.jobs.leaseSeconds,
    retryBaseSeconds: config.jobs.retryBaseSeconds,
    retryMaxSeconds: config.jobs.retryMaxSeconds,
  });
  const queuePoll = config.jobs.isRunner
    ? app.jobs.add(
        startPeriodicJob({
          name: 'job-queue',
          everyMs: config.jobs.pollMs,
          run: () => jobQueue.runDue(),
          log: app.log,
        }),
      )
    : null;
  app.decorate('jobQueue', { ...jobQueue, wake: () => void queuePoll?.runNow() });
  app.addHook('preClose', async () => {
    await jobQueue.stop();
  });

  // Checkout holds that ran out are closed (order cancelled, payment abandoned) once a minute. The item
  // is free again the moment its hold expires whether or not this has run.
  app.jobs.add(
    startPeriodicJob({
      name: 'checkout-hold-sweep',
      everyMs: HOLD_SWEEP_MS,
      run: () => expireHolds({ db: app.db }),
      log: app.log,
    }),
  );
  // Media no listing used for a day are removed (decision 016).
  app.jobs.add(
    startPeriodicJob({
      name: 'unattached-media-sweep',
      everyMs: MEDIA_SWEEP_MS,
      // A process that finds another one sweeping skips its turn (null): nothing handled.
      run: async () => (await sweepUnattachedMedia({ db: app.db, storage: app.providers.mediaStorage })) ?? 0,
      log: app.log,
    }),
  );
  // Counters (sign-in failures, request limits) whose window ended long ago are deleted.
  app.jobs.add(
    startPeriodicJob({
      name: 'counter-sweep',
      everyMs: COUNTER_SWEEP_MS,
      run: () => sweepCounters(app.db),
      log: app.log,
    }),
  );
  // Live events older than a day are deleted; a stream resuming from one of them reads its pages afresh.
  app.jobs.add(
    startPeriodicJob({
      name: 'event-sweep',
      everyMs: EVENT_SWEEP_MS,
      run: () => sweepEvents(app.db),
      log: app.log,
    }),
  );

  await registerWeb(app, { renderers: [productOpenGraph(app), firstView(app)] });
  return app;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '../db/client';
import { sendFailure, sendNotFound } from './errors';

// Prometheus metrics at GET /api/metrics, for the bearer of METRICS_TOKEN (unset: the route is not there, 404).
// Request counts and latency by route pattern (never the raw URL: ids would make a series per listing) and
// status, the database pool, background jobs, the public micro-cache. Each process keeps its own; with
// several processes (WEB_CONCURRENCY) the answer is the sum over all of them.
export type Metrics = { registry: Registry; render: () => Promise<string> };

export type MetricsSources = { poolStats?: () => PoolStats };

// The metrics of every process (WEB_CONCURRENCY) could not be gathered: another process did not answer.
export class MetricsUnavailable extends Error {
  override name = 'MetricsUnavailable';
}

// Latency buckets in seconds: the public reads aim at a few milliseconds, a payment call may take seconds.
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(app: FastifyInstance, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'oja_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'oja_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its reply, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A URL no route matched is counted under one label, whatever was asked.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  if (sources.poolStats) {
    const poolStats = sources.poolStats;
    new Gauge({
      name: 'oja_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'oja_db_pool_max_connections',
      help: 'The most connections the PostgreSQL pool opens.',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  const jobs = () => app.jobs.all().map((job) => job.stats());
  new Counter({
    name: 'oja_job_runs_total',
    help: 'Runs of each background job, by outcome.',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of jobs()) {
        this.inc({ job: job.name, outcome: 'ok' }, job.runs - job.failures);
        this.inc({ job: job.name, outcome: 'failed' }, job.failures);
      }
    },
  });
  new Counter({
    name: 'oja_job_items_total',
    help: 'Items each background job handled (expired holds closed, ...).',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const job of jobs()) this.inc({ job: job.name }, job.items);
    },
  });
  new Gauge({
    name: 'oja_job_running',
    help: '1 while a run of the job is under way.',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const job of jobs()) this.set({ job: job.name }, job.running ? 1 : 0);
    },
  });

  new Counter({
    name: 'oja_public_cache_lookups_total',
    help: 'Public reads looked up in the micro-cache, by result (hit or miss).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const stats = app.publicCache.stats();
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'miss' }, stats.misses);
    },
  });

  return { registry, render: () => registry.metrics() };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

// Note: the token is compared through digests of equal length in constant time.
function hasToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export function registerMetricsRoute(api: FastifyInstance, metrics: Metrics | undefined) {
  api.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    const token = api.config.metricsToken;
    if (!token || !metrics) return sendNotFound(reply);
    if (!hasToken(request.headers.authorization, token)) {
      return sendFailure(reply.header('www-authenticate', 'Bearer'), 401, 'METRICS_TOKEN_INVALID');
    }
    let text: string;
    try {
      text = await metrics.render();
    } catch (error) {
      if (!(error instanceof MetricsUnavailable)) throw error;
      // With several processes, another one did not answer in time (a loaded machine): a scrape to try again.
      request.log.warn({ err: error }, 'metrics: could not gather every process');
      return sendFailure(reply.header('retry-after', '5'), 503, 'METRICS_UNAVAILABLE');
    }
    return reply.type(metrics.registry.contentType).send(text);
  });
}

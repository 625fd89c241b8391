import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, expect, it } from 'vitest';
import type { Config } from '../config';
import { MetricsUnavailable, registerMetricsRoute } from './metrics';

// With several processes (WEB_CONCURRENCY), a worker renders the metrics by asking the others through the
// primary; on a loaded machine one may not answer in time (cluster.test.ts saw it as a 500).
const TOKEN = 'metrics-token-for-the-tests-0123';
const app = Fastify();
app.decorate('config', { metricsToken: TOKEN } as Config);
registerMetricsRoute(app, {
  registry: new Registry(),
  render: () => Promise.reject(new MetricsUnavailable('the primary process did not answer with the metrics')),
});
afterAll(() => app.close());

it('answers 503 with Retry-After, not a 500, when the metrics of every process cannot be gathered', async () => {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toMatchObject({
    ok: false,
    message: 'The metrics of every API process could not be gathered. Please try again in a few seconds.',
    error: { code: 'METRICS_UNAVAILABLE' },
  });
});

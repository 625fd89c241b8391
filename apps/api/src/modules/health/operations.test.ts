import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startPeriodicJob } from '../../lib/jobs';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/helper';
import { testEnv } from '../../../test/env';

// Operations (issue 13, point 5): liveness and readiness, graceful shutdown, metrics, request ids.

// One app for the tests that change nothing; the others open their own.
let shared: TestApp;
beforeAll(async () => {
  shared = await buildTestApp();
});
afterAll(async () => {
  await shared.close();
});

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((testApp) => testApp.close()));
});

async function open(options: Parameters<typeof buildTestApp>[0] = {}) {
  const testApp = await buildTestApp(options);
  opened.push(testApp);
  return testApp;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/health and /api/ready', () => {
  it('answers alive and ready, with the migrations counted', async () => {
    const { app } = shared;
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ ok: true, data: { status: 'ok', database: app.databaseKind } });

    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const { data } = ready.json<{
      data: { status: string; migrations: { applied: number; expected: number } };
    }>();
    expect(data.status).toBe('ready');
    expect(data.migrations.expected).toBeGreaterThan(0);
    expect(data.migrations.applied).toBe(data.migrations.expected);
  });

  it('answers 503 with a clear body when the database is down', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: shared.config, database, logger: false });
    try {
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        ok: false,
        message: 'Not ready: the database cannot be reached.',
        error: { code: 'NOT_READY_DATABASE', details: { database: 'unreachable' } },
        requestId: ready.headers['x-request-id'],
      });
      // Alive all the same: the process answers; restarting it would not bring the database back.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 while a migration this build ships is not applied', async () => {
    const { app } = await open();
    await app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    const body = ready.json<{
      message: string;
      error: {
        code: string;
        details: { database: string; migrations: { applied: number; expected: number } };
      };
    }>();
    expect(body.message).toBe('Not ready: the database migrations are not all applied.');
    expect(body.error.code).toBe('NOT_READY_MIGRATIONS');
    expect(body.error.details.database).toBe('reachable');
    expect(body.error.details.migrations.applied).toBe(body.error.details.migrations.expected - 1);
    // Alive all the same: a balancer keeps the process, it only sends no traffic.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 once the server is shutting down', async () => {
    const { app } = shared;
    app.lifecycle.draining = true;
    try {
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        message: 'Not ready: this server is shutting down.',
        error: { code: 'NOT_READY_SHUTTING_DOWN' },
      });
    } finally {
      app.lifecycle.draining = false;
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then closes', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const hasStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slowPlaces = {
      kind: 'sandbox' as const,
      autocomplete: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
          started();
        });
        return [{ description: 'Lekki, Lagos, Nigeria', place_id: 'lekki' }];
      },
    };
    const testApp = await buildTestApp({ providers: { places: slowPlaces } });
    const { app } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/api/places/autocomplete?input=lekki`);
    await hasStarted;
    let closed = false;
    const closing = testApp.close().then(() => {
      closed = true;
    });
    await sleep(200);
    expect(closed).toBe(false);
    expect(app.lifecycle.draining).toBe(true);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toMatchObject({ ok: true, data: { predictions: [{ place_id: 'lekki' }] } });
    await closing;
    expect(closed).toBe(true);
  });

  it('stops the background jobs, waiting for a run under way', async () => {
    const { app } = await open();
    expect(app.jobs.all().map((job) => job.name)).toContain('checkout-hold-sweep');

    let finished = 0;
    const job = app.jobs.add(
      startPeriodicJob({
        name: 'slow',
        everyMs: 20,
        log: app.log,
        run: async () => {
          await sleep(150);
          finished += 1;
          return 1;
        },
      }),
    );
    await sleep(40);
    expect(job.stats().running).toBe(true);
    await app.close();
    // The run under way ended before close() did, and no run started after it.
    expect(finished).toBe(1);
    expect(job.stats()).toMatchObject({ runs: 1, failures: 0, items: 1, running: false });
    await sleep(100);
    expect(finished).toBe(1);
    await job.runNow();
    expect(finished).toBe(1);
    // afterEach closes the test app again (closing twice is allowed) and drops its database.
  });

  it('counts a failed run and keeps running the job', async () => {
    const { app } = shared;
    let calls = 0;
    const job = app.jobs.add(
      startPeriodicJob({
        name: 'flaky',
        everyMs: 10,
        log: app.log,
        run: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('database hiccup')) : Promise.resolve(2);
        },
      }),
    );
    while (calls < 3) await sleep(10);
    await job.stop();
    const stats = job.stats();
    expect(stats.failures).toBe(1);
    expect(stats.runs).toBe(calls);
    expect(stats.items).toBe(2 * (calls - 1));
  });
});

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

describe('GET /api/metrics', () => {
  let metricsApp: TestApp;
  beforeAll(async () => {
    metricsApp = await buildTestApp({ env: { METRICS_TOKEN, PUBLIC_CACHE_MS: '2000' } });
  });
  afterAll(async () => {
    await metricsApp.close();
  });

  it('is not there without METRICS_TOKEN', async () => {
    const { app } = shared;
    const response = await app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('asks for the token', async () => {
    const { app } = metricsApp;
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-of-some-length' },
      { authorization: METRICS_TOKEN },
    ]) {
      const response = await app.inject({ url: '/api/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({
        ok: false,
        message: 'A valid metrics token is required.',
        error: { code: 'METRICS_TOKEN_INVALID' },
      });
    }
  });

  it('counts requests by route pattern and status, with latency, pool, jobs and cache', async () => {
    const { app } = metricsApp;
    await app.inject({ url: '/api/products' });
    await app.inject({ url: '/api/products' });
    await app.inject({ url: '/api/products/00000000-0000-4000-8000-000000000000' });
    await app.inject({ url: '/api/no-such-route/123' });
    await app.jobs
      .all()
      .find((job) => job.name === 'checkout-hold-sweep')
      ?.runNow();

    const response = await app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('oja_http_requests_total{method="GET",route="/api/products",status_code="200"} 2');
    expect(text).toContain(
      'oja_http_requests_total{method="GET",route="/api/products/:id",status_code="404"} 1',
    );
    // An unknown URL is one label, never the URL itself.
    expect(text).toContain('oja_http_requests_total{method="GET",route="unmatched",status_code="404"} 1');
    expect(text).not.toContain('no-such-route');
    expect(text).toContain(
      'oja_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/products",status_code="200"} 2',
    );
    expect(text).toMatch(
      /oja_http_request_duration_seconds_sum\{method="GET",route="\/api\/products",status_code="200"\} \d/,
    );
    expect(text).toContain('oja_job_runs_total{job="checkout-hold-sweep",outcome="ok"} 1');
    expect(text).toContain('oja_job_items_total{job="checkout-hold-sweep"} 0');
    // The second home list came from the micro-cache.
    expect(text).toContain('oja_public_cache_lookups_total{result="hit"} 1');
    expect(text).toMatch(/oja_public_cache_lookups_total\{result="miss"\} [1-9]/);
    expect(text).toContain('process_cpu_seconds_total');
    if (app.databaseKind === 'postgres') {
      expect(text).toMatch(/oja_db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toContain('oja_db_pool_max_connections 10');
    } else {
      // The embedded database has a single connection and no pool.
      expect(text).not.toContain('oja_db_pool_connections');
    }
  });
});

describe('request ids', () => {
  it('gives every reply an X-Request-Id and every error body the same requestId', async () => {
    const { app } = shared;
    const found = await app.inject({ url: '/api/health' });
    expect(found.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      ok: false,
      message: 'Not found.',
      error: { code: 'NOT_FOUND' },
      requestId: missing.headers['x-request-id'],
    });

    const invalid = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'not-an-email' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBe(invalid.headers['x-request-id']);
    expect(invalid.headers['x-request-id']).not.toBe(missing.headers['x-request-id']);
  });

  it('keeps a caller’s short safe X-Request-Id and replaces any other', async () => {
    const { app } = shared;
    const kept = await app.inject({
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'lb-7f3a.2026:11_22' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2026:11_22');
    expect(kept.json().requestId).toBe('lb-7f3a.2026:11_22');

    for (const unsafe of ['x'.repeat(65), 'two words', 'line\\nbreak', '<script>', '']) {
      const replaced = await app.inject({ url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(replaced.headers['x-request-id'], unsafe).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('writes the request id in every log line of a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = await open({
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ada@example.ng', password: 'wrong-password-1' },
    });
    expect(refused.statusCode).toBe(401);
    const id = refused.headers['x-request-id'];
    const ofRequest = lines.filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual([
      'incoming request',
      'request refused',
      'request completed',
    ]);
    // Every line written while serving a request names one.
    expect(
      lines
        .filter((line) => line.req !== undefined || line.res !== undefined)
        .every((line) => typeof line.reqId === 'string'),
    ).toBe(true);
  });
});

// A database that stops answering without closing its connections (a network cut, a failover behind a
// proxy) and comes back: the API must say it is not ready meanwhile, stay alive, and serve again once the
// database answers, without a restart. PostgreSQL only: PGlite lives in the process and cannot be cut off.

// A TCP proxy to PostgreSQL that can be cut: while it is, nothing passes either way and connections stay
// open; a connection that saw the cut stays dead, as after a real one.
async function cuttableProxy(target: URL) {
  let isCut = false;
  const dead = new Set<net.Socket>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    if (isCut) dead.add(client);
    const pass = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (isCut) dead.add(client);
        if (!dead.has(client)) to.write(chunk);
      });
    pass(client, upstream);
    pass(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.host = `127.0.0.1:${address.port}`;
  return {
    url: url.toString(),
    cut: () => {
      isCut = true;
      for (const socket of sockets) dead.add(socket);
    },
    restore: () => {
      isCut = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// A request that may hang: its status, or 'no answer' after `ms`.
async function statusWithin(app: FastifyInstance, url: string, ms: number): Promise<number | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms);
  });
  const answer = app.inject({ url }).then((reply) => reply.statusCode);
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

if (testEnv.TEST_DATABASE_URL) {
  describe('a database that stops answering, then comes back', () => {
    let testApp: TestApp | undefined;
    let database: DatabaseHandle | undefined;
    let app: FastifyInstance | undefined;
    let proxy: Awaited<ReturnType<typeof cuttableProxy>> | undefined;
    afterAll(async () => {
      proxy?.restore();
      await app?.close();
      await database?.close();
      await proxy?.close();
      await testApp?.close();
    });

    it(
      'answers not ready (and alive) meanwhile, and serves again once it answers, without a restart',
      { timeout: 60_000 },
      async () => {
        testApp = await buildTestApp();
        proxy = await cuttableProxy(new URL(testApp.databaseUrl ?? ''));
        database = await openDatabase({ databaseUrl: proxy.url, dataDir: null });
        app = await buildApp({ config: testApp.config, database, logger: false });
        expect(await statusWithin(app, '/api/products', 5000)).toBe(200);
        // PostgreSQL itself ends a statement that runs too long, and a session left idle inside a transaction.
        const limits = await app.db.execute(
          sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        expect((limits as { rows: unknown[] }).rows[0]).toEqual({ statement: '30s', idle: '1min' });
        // A pool that has served a busy moment: all ten connections open, idle.
        await Promise.all(Array.from({ length: 10 }, () => app!.db.execute(sql`select pg_sleep(0.2)`)));

        proxy.cut();
        // More probes than the pool has connections, all at once: each says not ready within its 3 s.
        const started = Date.now();
        const probes = await Promise.all(
          Array.from({ length: 12 }, () => app!.inject({ url: '/api/ready' })),
        );
        expect(probes.map((probe) => probe.statusCode)).toEqual(Array(12).fill(503));
        expect(probes[0]?.json()).toMatchObject({ error: { code: 'NOT_READY_DATABASE' } });
        expect(Date.now() - started).toBeLessThan(5000);
        // Alive all the same: a liveness probe must not get the process restarted for the database's outage.
        expect(await statusWithin(app, '/api/health', 1000)).toBe(200);

        proxy.restore();
        // The stuck connections were given up (readiness's statement limit, then the pool dropped them; the
        // connections being opened, after 5 s) and new ones are opened.
        let status: number | 'no answer' = 'no answer';
        for (const until = Date.now() + 20_000; Date.now() < until && status !== 200;) {
          status = await statusWithin(app, '/api/products?category=Clothes', 8000);
        }
        expect(status).toBe(200);
        expect(await statusWithin(app, '/api/ready', 5000)).toBe(200);
      },
    );
  });
}

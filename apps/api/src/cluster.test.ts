import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { readConnectionLimits } from './db/client';
import { createTestDatabase, newUserInput } from '../test/helper';
import { openStream } from '../test/sse';
import { testEnv } from '../test/env';
import { freePort } from '../test/free-port';
import { childrenOf, startServer } from '../test/spawn-server';

// WEB_CONCURRENCY through the real server entry (src/server.ts, built as `npm start` runs it): on PostgreSQL two
// API processes start, share the port, sum their metrics and stop on SIGTERM; on PGlite the start is refused.

const METRICS_TOKEN = 'cluster-test-metrics-token-0123';

if (testEnv.TEST_DATABASE_URL) {
  describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
    it(
      'runs two API processes on one port, sums their metrics, and stops them on SIGTERM',
      { timeout: 120_000 },
      async () => {
        const database = await createTestDatabase();
        const port = await freePort();
        const server = await startServer({
          DATABASE_URL: database.url ?? '',
          WEB_CONCURRENCY: '2',
          DATABASE_POOL_SIZE: '100',
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_TOKEN,
        });
        const base = `http://127.0.0.1:${port}`;
        try {
          for (let waited = 0; ; waited += 250) {
            const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
            if (ready?.status === 200 && childrenOf(server.child).length === 2) break;
            if (waited > 90_000) throw new Error(`not ready: ${server.output()}`);
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          expect(childrenOf(server.child)).toHaveLength(2);
          // 2 × (100 + 1) connections: the start warns when this PostgreSQL accepts fewer.
          const { maxConnections, reserved } = await readConnectionLimits(database.db);
          const warning =
            'Warning: 2 API processes × (100 pooled + 1 listening) connections = 202, but this PostgreSQL accepts';
          if (202 > maxConnections - reserved) expect(server.output()).toContain(warning);
          else expect(server.output()).not.toContain('Warning:');
          // New connections each time, so the operating system spreads them over both processes.
          for (let index = 0; index < 10; index++) {
            expect((await fetch(`${base}/api/health`, { headers: { connection: 'close' } })).status).toBe(
              200,
            );
          }
          // The sum asks the other process over IPC; on a loaded machine that ask can time out (503 with
          // Retry-After, plugins/metrics.test.ts), so a second ask is allowed before the sum is checked.
          const askMetrics = () =>
            fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
          let metrics = await askMetrics();
          if (metrics.status === 503) metrics = await askMetrics();
          expect(metrics.status).toBe(200);
          expect(await metrics.text()).toContain(
            'oja_http_requests_total{method="GET",route="/api/health",status_code="200"} 10',
          );

          // Live events: streams spread over both processes; an event written by either reaches them all.
          const register = async (overrides: Record<string, unknown> = {}) => {
            const response = await fetch(`${base}/api/users/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', connection: 'close' },
              body: JSON.stringify(newUserInput(overrides)),
            });
            expect(response.status).toBe(201);
            return (
              (await response.json()) as {
                data: { token: string; user: { refID: string; username: string } };
              }
            ).data;
          };
          const referrer = await register();
          const streams = [];
          for (let index = 0; index < 4; index++) {
            const ticket = await fetch(`${base}/api/events/ticket`, {
              method: 'POST',
              headers: { authorization: `Bearer ${referrer.token}`, connection: 'close' },
            });
            const stream = await openStream(base, {
              ticket: ((await ticket.json()) as { data: { ticket: string } }).data.ticket,
            });
            expect(stream.status).toBe(200);
            await stream.next((event) => event.event === 'ready');
            streams.push(stream);
          }
          const joined = await register({ referredBy: referrer.user.refID });
          for (const stream of streams) {
            const event = await stream.next((candidate) => candidate.event === 'notification');
            expect(event.data).toMatchObject({
              notification: { code: 'REFERRAL_JOINED', params: { username: joined.user.username } },
              unread: 1,
            });
          }

          // A shutdown ends the open streams and does not wait for them.
          server.child.kill('SIGTERM');
          expect(await server.exited).toBe(0);
          await Promise.all(streams.map((stream) => stream.ended));
          await expect(fetch(`${base}/api/health`)).rejects.toThrow();
        } finally {
          server.child.kill('SIGKILL');
          server.cleanUp();
          await database.close();
        }
      },
    );

    it(
      'gives up, without saying it is running, when its processes cannot listen (the port is taken)',
      { timeout: 90_000 },
      async () => {
        const database = await createTestDatabase();
        const taken = net.createServer();
        const port = await freePort();
        await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
        const server = await startServer({
          DATABASE_URL: database.url ?? '',
          WEB_CONCURRENCY: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
        });
        try {
          expect(await server.exited).toBe(1);
          expect(server.output()).toContain('EADDRINUSE');
          expect(server.output()).toContain(
            'the API processes keep ending before they listen (see above), so no more are started',
          );
          expect(server.output()).not.toContain('is running at');
        } finally {
          server.child.kill('SIGKILL');
          server.cleanUp();
          taken.close();
          await database.close();
        }
      },
    );
  });
} else {
  describe('WEB_CONCURRENCY=2 on the embedded database', () => {
    it('refuses to start, saying why', { timeout: 60_000 }, async () => {
      const server = await startServer({ WEB_CONCURRENCY: '2', PORT: String(await freePort()) });
      try {
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(
          'WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database (PGlite) lives in one process',
        );
      } finally {
        server.cleanUp();
      }
    });
  });
}

describe('SHUTDOWN_DELAY_MS', () => {
  it(
    'keeps serving after SIGTERM with readiness at 503 for the delay, so a balancer moves away, then exits',
    { timeout: 90_000 },
    async () => {
      const database = testEnv.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
      const port = await freePort();
      const server = await startServer(
        {
          ...(database?.url ? { DATABASE_URL: database.url } : {}),
          PORT: String(port),
          HOST: '127.0.0.1',
          SHUTDOWN_DELAY_MS: '3000',
        },
        { migrated: true },
      );
      const base = `http://127.0.0.1:${port}`;
      try {
        for (let waited = 0; ; waited += 250) {
          const ready = await fetch(`${base}/api/ready`).catch(() => undefined);
          if (ready?.status === 200) break;
          if (waited > 60_000) throw new Error(`not ready: ${server.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const signalled = Date.now();
        server.child.kill('SIGTERM');
        let ready = await fetch(`${base}/api/ready`);
        while (ready.status === 200 && Date.now() - signalled < 2000)
          ready = await fetch(`${base}/api/ready`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({
          ok: false,
          message: 'Not ready: this server is shutting down.',
          error: { code: 'NOT_READY_SHUTTING_DOWN' },
        });
        // Other requests are still answered meanwhile, each on a connection that then closes.
        const list = await fetch(`${base}/api/products`);
        expect(list.status).toBe(200);
        expect(list.headers.get('connection')).toBe('close');
        expect(await server.exited).toBe(0);
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
        await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      } finally {
        server.child.kill('SIGKILL');
        server.cleanUp();
        await database?.close();
      }
    },
  );
});

describe('a database that cannot be opened at start', () => {
  it(
    'says so in one line, naming the address from DATABASE_URL without its password, and exits 1',
    { timeout: 60_000 },
    async () => {
      const closedPort = await freePort();
      const server = await startServer({
        DATABASE_URL: `postgres://oja:secret-password@127.0.0.1:${closedPort}/oja`,
        PORT: String(await freePort()),
      });
      try {
        expect(await server.exited).toBe(1);
        const output = server.output().trim();
        expect(output).toMatch(
          new RegExp(
            `^Cannot open the database at 127\\.0\\.0\\.1:${closedPort}/oja \\(DATABASE_URL\\): .*ECONNREFUSED`,
          ),
        );
        expect(output.split('\n')).toHaveLength(1);
        expect(output).not.toContain('secret-password');
      } finally {
        server.cleanUp();
      }
    },
  );
});

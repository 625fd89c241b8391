import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { connectionBudgetProblem, openDatabase, readConnectionLimits, type Database } from './db/client';
import { createLocalMediaStorage, type MediaStorage } from './lib/media-storage';
import { ensureAdmin } from './modules/admin/ensure-admin';
import { seedDemoData } from './db/seed/demo';

// Only listens and shuts down gracefully; everything else is in app.ts. With WEB_CONCURRENCY > 1 this
// process is the cluster's primary: it prepares the database once, then forks the API processes.

// What runs once per start, whatever the number of processes: a check that PostgreSQL accepts the
// connections all processes will hold, the admin from the environment, demo data.
async function prepare(config: Config, db: Database, storage: MediaStorage, log: (message: string) => void) {
  if (config.databaseUrl) {
    const problem = connectionBudgetProblem({
      processes: config.webConcurrency,
      poolSize: config.databasePoolSize,
      ...(await readConnectionLimits(db)),
    });
    if (problem) console.error(`Warning: ${problem}`);
  }
  if (config.admin) {
    await ensureAdmin({ db, email: config.admin.email, password: config.admin.password });
    log(`admin ${config.admin.email} is ready`);
  }
  if (config.demoData) {
    const demo = await seedDemoData({ db, storage });
    if (demo.length > 0) {
      const lines = demo.map((user) => `  ${user.email.padEnd(26)} password: ${user.password}`);
      console.log(`\nDemo accounts (DEMO_DATA=0 turns demo data off):\n${lines.join('\n')}\n`);
    }
  }
}

// How long a closing process may take to answer its requests in flight before it exits anyway.
const CLOSE_TIMEOUT_MS = 10_000;

async function serve(config: Config, { isOnlyProcess }: { isOnlyProcess: boolean }) {
  const app = await buildApp({ config });
  if (isOnlyProcess)
    await prepare(config, app.db, app.providers.mediaStorage, (message) => app.log.info(message));

  let closing = false;
  const shutdown = (signal: string) => {
    // A second Ctrl-C does not wait for the delay and the requests in flight.
    if (closing && signal === 'SIGINT') process.exit(1);
    if (closing) return;
    closing = true;
    // Readiness turns 503 at once; requests are still served for SHUTDOWN_DELAY_MS, while a load balancer
    // notices, then the server closes (app.ts: jobs stop, requests in flight are answered).
    app.lifecycle.draining = true;
    app.log.info(
      `${signal} received, closing${config.shutdownDelayMs > 0 ? ` in ${config.shutdownDelayMs} ms` : ''}`,
    );
    const forceExit = setTimeout(() => process.exit(1), config.shutdownDelayMs + CLOSE_TIMEOUT_MS);
    forceExit.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
    }, config.shutdownDelayMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (isOnlyProcess) {
    const pool = app.databaseKind === 'postgres' ? `, ${config.databasePoolSize} pooled connections` : '';
    console.log(
      `\nOja marketplace is running at ${config.publicUrl} (database: ${app.databaseKind}${pool})\n`,
    );
  }
}

async function main() {
  const config = loadConfig();
  try {
    await start(config);
  } catch (error) {
    // A database the operator's settings cannot reach is told in one line, like a wrong setting.
    const problem = databaseProblem(error, config.databaseUrl);
    throw problem ? new ConfigError(problem) : error;
  }
}

async function start(config: Config) {
  if (config.webConcurrency <= 1) return serve(config, { isOnlyProcess: true });
  if (cluster.isWorker) return serve(config, { isOnlyProcess: false });

  // The primary migrates and prepares once (the workers then find nothing to migrate), then forks.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepare(
      config,
      database.db,
      createLocalMediaStorage({ directory: `${config.dataDir}/media` }),
      (message) => console.log(message),
    );
  } finally {
    await database.close();
  }
  runPrimary({
    workers: config.webConcurrency,
    stopTimeoutMs: config.shutdownDelayMs + CLOSE_TIMEOUT_MS + 5000,
    log: { info: (message) => console.log(message), error: (message) => console.error(message) },
    onListening: () =>
      console.log(
        `\nOja marketplace is running at ${config.publicUrl} (database: ${database.kind}, ${config.webConcurrency} API processes of ${config.databasePoolSize} pooled connections each)\n`,
      ),
  });
}

// Why the database could not be opened, in one line, for the errors an operator can fix (an address, a
// database name, a password); null for anything else, which keeps its stack.
function databaseProblem(error: unknown, databaseUrl: string | undefined): string | null {
  if (!databaseUrl || !(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const isReachOrLogin =
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      '3D000',
      '28P01',
      '28000',
    ].includes(String(code)) ||
    /^(Connection terminated due to connection timeout|timeout exceeded when trying to connect)/.test(
      error.message,
    );
  if (!isReachOrLogin || !URL.canParse(databaseUrl)) return null;
  const url = new URL(databaseUrl);
  const where = url.hostname ? `${url.hostname}:${url.port || 5432}` : 'the local socket';
  return `Cannot open the database at ${where}${url.pathname} (DATABASE_URL): ${error.message}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

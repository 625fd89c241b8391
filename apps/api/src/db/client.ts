import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { REMOTE_DATABASE_POOL_SIZE } from '../config-values';
import { statementName } from './card-sql';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
// The connection pool's state (PostgreSQL only; the embedded database has one connection, no pool).
export type PoolStats = { total: number; idle: number; waiting: number; max: number };
// LISTEN on a channel (live events, decision 023): `onNotify` for each signal, `onReconnect` after the
// connection was lost and listens again (signals sent meanwhile are lost: read what was missed). The
// returned function stops listening.
export type Listen = (
  channel: string,
  handlers: { onNotify: () => void; onReconnect: () => void; onError: (error: unknown) => void },
) => Promise<() => Promise<void>>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  poolStats?: () => PoolStats;
  listen: Listen;
};

// When the database stops answering (a network cut, a failover behind a proxy), a pooled connection must not
// wait for ever: every later request would queue behind the pool's stuck connections, and the process would
// not recover when the database came back (decision 046).
// - A connection is asked for for at most CONNECT_TIMEOUT_MS, whether it is being opened or waited for.
// - TCP keep-alive after KEEPALIVE_IDLE_MS of silence finds a peer that is gone (Node probes 10 times, 1 s
//   apart) and ends the connection; the pool then drops it.
// - PostgreSQL itself ends a statement after STATEMENT_TIMEOUT_MS (far above any request's statements; a
//   migration runs on a connection of its own, without it) and a session left idle inside a transaction
//   after IDLE_IN_TRANSACTION_MS. Both are the server's: a timeout on the client's side would stop waiting
//   while the statement goes on, and inside a transaction the connection would go back to the pool still in
//   it, its next user's writes never committed. The one client-side limit is readiness's own statement, run
//   outside any transaction (queryRows' `timeoutMs`).
const CONNECT_TIMEOUT_MS = 5000;
const KEEPALIVE_IDLE_MS = 10_000;
const STATEMENT_TIMEOUT_MS = 30_000;
const IDLE_IN_TRANSACTION_MS = 60_000;

// pg-pool waits for the onConnect hook's promise before it hands the connection out; @types/pg types the hook as
// returning nothing.
type AsyncHookPoolConfig = Omit<pg.PoolConfig, 'onConnect'> & {
  onConnect: (client: pg.ClientBase) => Promise<void>;
};

// A new connection's server process allocates and frees 4 MB once, before its first statement. glibc's
// malloc, on freeing a block that large, raises that process's thresholds: blocks up to 4 MB then come from
// its heap, and up to 8 MB of freed heap is kept instead of handed back to the system after each statement.
// Without it a statement's memory (a one-letter search's executor state is about 500 KB) was handed back
// after every read and taken again with page faults by the next: 124 faults and about 40% more PostgreSQL
// CPU per search (docs/decisions/042). The same as MALLOC_TRIM_THRESHOLD_ in the server's environment, from
// the client's side; a process keeps at most what its statements used.
async function warmAllocator(client: pg.ClientBase): Promise<void> {
  await client.query(`select length(repeat('x', ${4 * 1024 * 1024}))`);
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// `DATABASE_URL` set: PostgreSQL through `pg`. Unset: embedded PGlite in `DATA_DIR/pgdata`, or in memory
// when `dataDir` is null (tests). `loadDataDir` starts an in-memory PGlite from a dumped data directory
// (the test suite migrates once and starts every test file from that dump).
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | null;
  loadDataDir?: Blob;
  // PostgreSQL only: the pool's size (config's databasePoolSize; 10 when not given), how long PostgreSQL lets a
  // statement run (0: no limit, for the bench's bulk fill), and what to do with the error of a pooled connection
  // lost while idle (the pool drops it and opens another).
  poolSize?: number;
  statementTimeoutMs?: number;
  onConnectionLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Note: several API processes may boot at once; an advisory lock lets one migrate at a time. A migration
    // may take long on a large database: its connection has no statement timeout.
    const migrator = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    });
    // A connection lost during the migration fails its statement, which the start reports; without a
    // listener the same error, also emitted on the client, would end the process first (decision 047).
    migrator.on('error', () => undefined);
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg({ client: migrator, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await migrator.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      await migrator.end().catch(() => undefined);
    }
    // Note: named statements (queryRows) reuse one generic plan per connection instead of being planned
    // again for each call's values: planning cost more than running the public reads (decision 030). A
    // statement is named only where its generic plan was checked (npm run bench:explain).
    const poolSize = options.poolSize ?? REMOTE_DATABASE_POOL_SIZE;
    const poolConfig: AsyncHookPoolConfig = {
      connectionString: options.databaseUrl,
      max: poolSize,
      options: [
        '-c plan_cache_mode=force_generic_plan',
        `-c statement_timeout=${options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS}`,
        `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
        // The shortest text that reads back the same number, as JavaScript writes it (PostgreSQL 12's default;
        // a server or role set lower would round the prices the admin's transactions list writes, decision 084).
        '-c extra_float_digits=1',
      ].join(' '),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
      onConnect: warmAllocator,
    };
    const pool = new pg.Pool(poolConfig);
    // A connection lost while idle in the pool (the database restarted, say) is dropped by the pool; without
    // a listener its error would end the process.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    handleLostCheckedOutConnections(pool);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolSize,
      }),
      listen: listenOnPostgres(options.databaseUrl),
    };
  }

  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataPath, { recursive: true });
  }
  // pg_trgm: misspelt searches (docs/decisions/020).
  const extensions = { pg_trgm };
  // An in-memory database is a test's: 16 MB of shared buffers instead of 128 MB holds its data, and a
  // new one starts with about 0.2 s less CPU (about a hundred start in a test run; decision 043).
  const startParams = dataPath ? undefined : [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const client = new PGlite({ dataDir: dataPath, loadDataDir: options.loadDataDir, extensions, startParams });
  // Note: on a dumped, already migrated data directory this only reads the journal and applies nothing.
  await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder });
  return pgliteDatabase(client);
}

// The handle of an open, migrated PGlite (the test suite also hands one PGlite to several test files in
// turn, each through a handle of its own: test/helper.ts).
export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    // PGlite delivers its own NOTIFYs to listeners in the same process; its connection is never lost.
    listen: async (channel, { onNotify }) => client.listen(channel, () => onNotify()),
  };
}

// Note: pg also emits `error` on a connection that is checked out (a transaction's, between or during its
// statements) when it is lost, and pg-pool listens only while a connection is idle: a database restart under
// load ended the process (decision 047). Every connection gets a listener for its life; the error reaches
// the request through its statement (the next one fails at once with "not queryable"), which answers 503.
// A checked-out connection that is lost is also given back to the pool at once, as failed (the pool drops
// it): drizzle sends `begin` before its try/finally, so a transaction whose `begin` fails never gives its
// connection back, and each restart under load would keep some of the pool's connections for good. Giving
// back twice is then a no-op (drizzle's own release after a later failure).
function handleLostCheckedOutConnections(pool: pg.Pool) {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  // pool.query checks out with a callback and handles a lost connection itself; the promise form is drizzle's.
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const giveBack = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', giveBack);
        release(error);
      };
      client.on('error', giveBack);
      client.release = giveBack;
      return client;
    });
  }) as typeof pool.connect;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

// On PostgreSQL a listening connection cannot be a pooled one (the pool hands it to other queries): one
// client of its own, connected again with back-off when it is lost.
function listenOnPostgres(connectionString: string): Listen {
  return async (channel, { onNotify, onReconnect, onError }) => {
    let current: pg.Client | undefined;
    let stopped = false;
    let failures = 0;
    let timer: NodeJS.Timeout | undefined;

    const connect = async () => {
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
      });
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      client.on('error', (error) => {
        onError(error);
        lost(client);
      });
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      failures = 0;
    };
    const lost = (client: pg.Client) => {
      if (current !== client) return;
      current = undefined;
      void client.end().catch(() => undefined);
      retry();
    };
    const retry = () => {
      if (stopped) return;
      const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures);
      timer = setTimeout(() => {
        connect().then(
          () => {
            if (!stopped) onReconnect();
          },
          (error: unknown) => {
            failures += 1;
            onError(error);
            retry();
          },
        );
      }, wait);
      timer.unref();
    };

    // The first connection must work: the caller learns at once that live events are unavailable.
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    };
  };
}

// Whether every migration this build ships has been applied: drizzle records each applied migration's
// folder time in drizzle.__drizzle_migrations and applies those newer than the latest row, so the same
// comparison tells whether one is missing (a database an older build migrated, or a restored backup).
export type MigrationStatus = { applied: number; expected: number; upToDate: boolean };

let shippedMigrations: { count: number; latest: number } | undefined;

// `timeoutMs`: how long to wait for the database's answer (readiness).
export async function migrationStatus(
  db: Database,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<MigrationStatus> {
  shippedMigrations ??= (() => {
    const files = readMigrationFiles({ migrationsFolder });
    return { count: files.length, latest: Math.max(0, ...files.map((file) => file.folderMillis)) };
  })();
  const [row] = await queryRows<{ applied: number; latest: string | null }>(db, {
    text: 'select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations',
    values: [],
    timeoutMs,
  });
  const applied = row?.applied ?? 0;
  const latest = row?.latest === null || row?.latest === undefined ? 0 : Number(row.latest);
  return { applied, expected: shippedMigrations.count, upToDate: latest >= shippedMigrations.latest };
}

// One SQL statement, one round trip, the rows as the driver gives them (cast JSON to text in the SQL to
// pass it through unparsed). On PostgreSQL a `name` makes it a prepared statement, parsed and planned
// once per connection (a generic plan, see openDatabase); leave it out where each call's values should
// shape the plan.
// `timeoutMs` (PostgreSQL): stop waiting for the answer after that long. Only for a statement outside any
// transaction: the pool then drops its connection, which may still be busy with it.
export async function queryRows<T>(
  db: Database,
  statement: { name?: string; text: string; values: unknown[]; timeoutMs?: number },
): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<T>(statement.text, statement.values)).rows;
  const result = await client.query<T & pg.QueryResultRow>({
    ...(statement.name ? { name: statement.name } : {}),
    text: statement.text,
    values: statement.values,
    ...(statement.timeoutMs ? { query_timeout: statement.timeoutMs } : {}),
  });
  return result.rows;
}

// A Drizzle select run as a named statement, as queryRows runs one with a `name`: planned once per connection (the
// generic plan) instead of for every call. For a list whose joins take longer to plan than to read (the admin's
// payouts and disputes: 3 ms of planning for 2 ms of reading at a million listings, issue 34). Its LIMIT must be
// in the text (rowLimit), as for every named read (decision 052). The name is the text's (statementName).
export function runNamed<Result>(query: {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<Result> };
}): Promise<Result> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

// Whether the API's processes can all have their connections: each holds its pool and one listening
// connection, and PostgreSQL keeps `superuser_reserved_connections` of its `max_connections` for
// superusers. A sentence for the operator when they cannot (requests would then fail with PostgreSQL's
// 'too many clients'), else null. Other clients of the same server need their share too.
export function connectionBudgetProblem(budget: {
  processes: number;
  poolSize: number;
  maxConnections: number;
  reserved: number;
}): string | null {
  const needed = budget.processes * (budget.poolSize + 1);
  const available = budget.maxConnections - budget.reserved;
  if (needed <= available) return null;
  return `${budget.processes} API processes × (${budget.poolSize} pooled + 1 listening) connections = ${needed}, but this PostgreSQL accepts ${available} (max_connections ${budget.maxConnections} less ${budget.reserved} reserved): under load, requests will fail with 'too many clients'. Lower WEB_CONCURRENCY or DATABASE_POOL_SIZE, or raise max_connections.`;
}

export async function readConnectionLimits(
  db: Database,
): Promise<{ maxConnections: number; reserved: number }> {
  const result = await db.execute<{ maxConnections: number; reserved: number }>(
    sql`select current_setting('max_connections')::int as "maxConnections", current_setting('superuser_reserved_connections')::int as reserved`,
  );
  const row = (result as { rows: { maxConnections: number; reserved: number }[] }).rows[0];
  return { maxConnections: row?.maxConnections ?? 0, reserved: row?.reserved ?? 0 };
}

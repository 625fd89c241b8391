import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type Providers } from '../src/app';
import { defaultRateLimits, loadConfig, type Config } from '../src/config';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../src/db/client';
import { testEnv } from './env';

// The API suite runs on PGlite (in memory) by default, and on a real PostgreSQL when
// TEST_DATABASE_URL is set: each test file then gets a database of its own, dropped afterwards. Both
// start from the copy of a database migrated once per run (test/global-setup.ts).
// `url`: the PostgreSQL database's own URL (a second app can open its own pool to it).
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = testEnv.TEST_DATABASE_URL;
  if (!serverUrl) return leasePglite();

  const name = `oja_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        // Note: the pool's connections may still be closing; forcing the drop would terminate them with an
        // error nobody listens to any more. Wait for them instead (55006: the database is still in use).
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}

// The migrated data directory a new PGlite loads (27 MB, most of it the WAL segment and the catalogs), read
// from disk once per worker and handed to every PGlite as is: PGlite asks its Blob for the bytes
// (`arrayBuffer()`) and copies each file out of them, so one copy serves every database. A plain Blob gave a
// new copy of the file's bytes to every database (about 0.13 s of CPU each, a hundred times a run; decision
// 041). It lives on globalThis: test/setup.ts reloads this module for every test file.
class TemplateBlob extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([contents]);
  }
  override arrayBuffer() {
    return Promise.resolve(this.contents);
  }
}
const templates = ((
  globalThis as { __ojaPgliteTemplates?: Map<string, TemplateBlob> }
).__ojaPgliteTemplates ??= new Map());
export function pgliteTemplate(): Blob {
  const file = inject('pgliteTemplate');
  let template = templates.get(file);
  if (!template) {
    const bytes = readFileSync(file);
    template = new TemplateBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    templates.set(file, template);
  }
  return template;
}

// A new PGlite from the template costs about 0.25 s of CPU, a hundred times a run. A test file's PGlite is
// instead emptied when the file closes it and handed to the worker's next file (decision 095): every table
// truncated (their sequences restarted), the session's state discarded. The template's tables hold no rows,
// so an emptied database is the template again, unless the file changed its schema (created, dropped or
// altered a relation, function or trigger): such a PGlite is closed, not kept. A file's handle is its own:
// once closed, its queries fail as on a closed PGlite (a test of the database going down sees it down), and
// its listeners stop. The list lives on globalThis, as the template does.
type KeptPglite = { client: PGlite; schemaMark: string; tables: string };
const keptPglites = ((globalThis as { __ojaKeptPglites?: KeptPglite[] }).__ojaKeptPglites ??= []);

// How many emptied PGlites wait for this worker's next file (test/helper.test.ts).
export function keptPgliteCount(): number {
  return keptPglites.length;
}

async function leasePglite(): Promise<DatabaseHandle> {
  let kept = keptPglites.pop();
  if (!kept) {
    const fresh = await openDatabase({
      databaseUrl: undefined,
      dataDir: null,
      loadDataDir: pgliteTemplate(),
    });
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    kept = { client, schemaMark: await schemaMark(client), tables: await publicTables(client) };
  }
  const { client } = kept;
  let closed = false;
  const leased = new Proxy(client, {
    get(target, key) {
      if (key === 'closed') return closed || target.closed;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('PGlite is closed'));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const handle = pgliteDatabase(leased);
  const unlistens: (() => Promise<void>)[] = [];
  return {
    ...handle,
    async listen(channel, handlers) {
      const unlisten = await handle.listen(channel, handlers);
      unlistens.push(unlisten);
      return unlisten;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (client.closed) return;
      for (const unlisten of unlistens) await unlisten();
      if ((await schemaMark(client)) !== kept.schemaMark) return client.close();
      // Each on its own: DISCARD ALL cannot run inside a transaction block, as one string of statements is.
      await client.exec('rollback');
      await client.exec(`truncate ${kept.tables} restart identity cascade`);
      await client.exec('discard all');
      keptPglites.push(kept);
    },
  };
}

// What a test file could change of the schema: every relation, column, function and trigger (enabled or not).
async function schemaMark(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ mark: string }>(
    `select concat_ws(':',
       (select count(*) || '/' || max(oid) from pg_class),
       (select count(*) from pg_attribute where not attisdropped),
       (select md5(string_agg(proname || prosrc, ',' order by oid)) from pg_proc where pronamespace = 'public'::regnamespace),
       (select string_agg(tgname::text || tgenabled::text, ',' order by oid) from pg_trigger)) as mark`,
  );
  return rows[0]?.mark ?? '';
}

async function publicTables(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name).join(', ');
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  // The app's database, and its URL on PostgreSQL (undefined on PGlite).
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    providers?: Partial<Providers>;
    // Log lines (JSON) are written here instead of nowhere.
    logStream?: { write: (line: string) => void };
    // Another app's database: a second API process on the same data (its owner closes it).
    sharedDatabase?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oja-test-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://oja.test',
    // Fixtures write to the database directly; the micro-cache has its own tests.
    PUBLIC_CACHE_MS: '0',
    // Tests run due jobs themselves (app.jobQueue.runDue()), when they choose.
    JOB_RUNNER: '0',
    ...options.env,
  });
  const config: Config = {
    ...base,
    // Every API test also checks that no route replies with a field its schema (and so the OpenAPI
    // description) lacks.
    strictReplies: true,
    // Generous limits so tests do not trip them by accident; the rate-limit tests set their own.
    rateLimits: {
      ...defaultRateLimits,
      register: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
      resolveAccount: { max: 1000, windowMs: 60_000 },
      listingReports: { max: 1000, windowMs: 60_000 },
      liveEvents: { max: 1000, windowMs: 60_000 },
      general: { max: 100_000, windowMs: 60_000 },
    },
    ...options.config,
  };
  const database = options.sharedDatabase ?? (await createTestDatabase());
  const app = await buildApp({
    config: options.logStream ? { ...config, logLevel: 'info' } : config,
    database,
    providers: options.providers,
    logger: options.logStream !== undefined,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    database,
    databaseUrl: (database as { url?: string }).url,
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The one test app of a test file: built before its tests, closed after them. Returns the TestApp itself
// (read it inside tests and hooks, once it is built).
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(async () => {
    await built?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key: keyof TestApp) {
      if (!built) throw new Error('the test app is built in beforeAll: read it inside a test or hook');
      return built[key];
    },
  });
}

let userCounter = 0;

export function newUserInput(overrides: Record<string, unknown> = {}) {
  userCounter += 1;
  const suffix = `${Date.now().toString(36)}${userCounter}`;
  return {
    fullName: 'Chiamaka Eze',
    username: `chiamaka${suffix}`,
    email: `chiamaka.${suffix}@example.ng`,
    password: 'correct-horse-battery',
    confirmPassword: 'correct-horse-battery',
    referredBy: '',
    ...overrides,
  };
}

export type RegisteredUser = {
  token: string;
  user: { id: string; username: string; email: string; refID: string };
  password: string;
};

export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const input = newUserInput(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/users/register', payload: input });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ data: { token: string; user: RegisteredUser['user'] } }>();
  return { ...body.data, password: input.password };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function loginAsAdmin(
  app: FastifyInstance,
  email = 'admin@oja.test',
  password = 'admin-password-123',
) {
  const { ensureAdmin } = await import('../src/modules/admin/ensure-admin');
  await ensureAdmin({ db: app.db, email, password });
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json<{ data: { token: string; admin: { id: string; email: string } } }>().data;
}

// A multipart body for app.inject, built by hand so tests control every byte.
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[],
) {
  const boundary = `----oja${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.filename) headers.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// A seller whose profile is complete and whose bank account the server verified. The bank
// verification flow itself is tested in the banking and profiles suites; here it is a fixture.
export async function verifiedSeller(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(app, overrides);
  const { users } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  await app.db
    .update(users)
    .set({
      phoneNumber: '08031234567',
      street: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
      bio: 'I sell things I no longer need.',
      accountName: 'CHIAMAKA EZE',
      accountNumber: '0123456785',
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      isVerified: true,
    })
    .where(eq(users.id, registered.user.id));
  return registered;
}

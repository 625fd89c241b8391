import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { testEnv } from './env';

declare module 'vitest' {
  export interface ProvidedContext {
    // A dumped PGlite data directory with every migration applied (PGlite runs).
    pgliteTemplate: string;
    // A migrated PostgreSQL database each test file's database is copied from (TEST_DATABASE_URL runs).
    postgresTemplate: string;
    // The API built as `npm start` runs it, for the tests that spawn a server (test/spawn-server.ts).
    serverBundle: string;
  }
}

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The servers some tests spawn run the API built as `npm run build` builds it, each process a plain `node`
// on one file instead of tsx compiling the sources again (about a CPU-second less per process, decision 095).
// Built into node_modules/.cache, inside the repository: the bundle's packages are found from there.
function buildServerBundle(): { entry: string; remove: () => void } {
  mkdirSync(path.join(repositoryRoot, 'node_modules/.cache'), { recursive: true });
  const directory = mkdtempSync(path.join(repositoryRoot, 'node_modules/.cache/oja-test-server-'));
  execFileSync(process.execPath, [path.join(repositoryRoot, 'apps/api/scripts/build.mjs'), directory], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    entry: path.join(directory, 'server.js'),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

// Migrating takes seconds; it happens once per run here, and every test file starts from a copy of the
// result: a PGlite loaded from the dumped data directory, or `create database ... template`.
export default async function setup(project: TestProject) {
  const bundle = buildServerBundle();
  project.provide('serverBundle', bundle.entry);
  const serverUrl = testEnv.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `oja_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      bundle.remove();
    };
  }

  const directory = mkdtempSync(path.join(tmpdir(), 'oja-pglite-template-'));
  const file = path.join(directory, 'migrated.tar');
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: null });
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // A new PGlite copies every file of the dump into its memory, one by one; template0 and template1 are half
  // of the 1,200 files and nothing in a test opens or copies them. Dropped (not left out of the dump, which
  // would leave databases PostgreSQL lists but cannot open), a database starts with about 0.17 s less CPU
  // (decision 043).
  for (const name of ['template0', 'template1']) {
    await client.query(`alter database ${name} is_template false`);
    await client.query(`drop database ${name}`);
  }
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => {
    rmSync(directory, { recursive: true, force: true });
    bundle.remove();
  };
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

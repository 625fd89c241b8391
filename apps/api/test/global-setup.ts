import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  }
}

// Migrating takes seconds; it happens once per run here, and every test file starts from a copy of the
// result: a PGlite loaded from the dumped data directory, or `create database ... template`.
export default async function setup(project: TestProject) {
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
  return () => rmSync(directory, { recursive: true, force: true });
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

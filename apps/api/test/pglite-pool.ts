import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type DatabaseHandle } from '../src/db/client';

// Opening a PGlite from the migrated template costs half a second of CPU or more (the WebAssembly instance, its
// data directory, pg_trgm, the migrations journal read), and a run opens about a hundred. So a worker keeps the PGlites its test files
// close and lends them again, reset to the template's state (decision 039). The pool lives on globalThis:
// test/setup.ts reloads this module for each file, and each file must find the PGlites the previous one left.

// What a fresh PGlite looked like, recorded when it was opened from the template.
type Baseline = {
  // Empties every table of the app's schemas, then puts back the template's rows and sequence positions.
  resetSql: string;
  // What a reset does not put back must be as it was: the catalogs (tables, columns, functions, settings…) and
  // drizzle's migrations journal. Each table's row count and newest row version (xmin): a row added, changed or
  // removed moves one of them. A PGlite whose tables moved is discarded.
  untouchedSql: string;
  untouched: string;
};
type Pooled = { client: PGlite; baseline: Baseline };

// Enough for a file that opens a second database beside its app's; a third is opened afresh.
const MAX_IDLE = 2;

// A worker's idle PGlites, by the template they were opened from.
function idlePGlites(template: string): Pooled[] {
  const holder = globalThis as { ojaIdlePGlites?: Map<string, Pooled[]> };
  const byTemplate = (holder.ojaIdlePGlites ??= new Map());
  let idle = byTemplate.get(template);
  if (!idle) byTemplate.set(template, (idle = []));
  return idle;
}

// A PGlite in the template's state, idle or opened from the template (a dumped data directory).
export async function borrowPglite(template: string): Promise<DatabaseHandle> {
  let pooled = idlePGlites(template).pop();
  if (!pooled) {
    const opened = await openDatabase({ databaseUrl: undefined, dataDir: null, loadDataDir: new Blob([readFileSync(template)]) });
    const client = (opened.db as unknown as { $client: PGlite }).$client;
    pooled = { client, baseline: await recordBaseline(client) };
  }
  return lend(template, pooled);
}

// The borrower sees a PGlite of its own: once it closes it, every use fails as on a closed PGlite (a test may
// close the database under a running app), while the PGlite itself is reset and goes back to the pool.
function lend(template: string, pooled: Pooled): DatabaseHandle {
  const { client } = pooled;
  let isReturned = false;
  const unlistens = new Set<() => Promise<void>>();

  const giveBack = async () => {
    if (isReturned) return;
    isReturned = true;
    try {
      // PGlite keeps its listeners in JavaScript; the next borrower must not wake this one's.
      for (const unlisten of unlistens) await unlisten();
      await resetToTemplate(pooled);
    } catch {
      // A PGlite that cannot be reset (closed for real, left in a transaction, its schema changed) is never lent again.
      await client.close().catch(() => undefined);
      return;
    }
    const idle = idlePGlites(template);
    if (idle.length < MAX_IDLE) idle.push(pooled);
    else await client.close();
  };

  const listen: PGlite['listen'] = async (channel, callback, tx) => {
    const unlisten = await client.listen(channel, callback, tx);
    const once = async () => {
      if (unlistens.delete(once)) await unlisten();
    };
    unlistens.add(once);
    return once;
  };

  const borrowed = new Proxy(client, {
    get(target, key) {
      if (isReturned) throw new Error('PGlite is closed');
      if (key === 'close') return giveBack;
      if (key === 'listen') return listen;
      // PGlite's methods use private fields: they run on the PGlite itself, not on this proxy.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...pgliteDatabase(borrowed), close: giveBack };
}

async function resetToTemplate({ client, baseline }: Pooled) {
  // Session state: settings, prepared statements, temporary tables, LISTENs, advisory locks. Fails inside a
  // transaction a test left open.
  await client.exec('discard all');
  const [row] = (await client.query<{ untouched: string }>(baseline.untouchedSql)).rows;
  if (row?.untouched !== baseline.untouched) throw new Error('the schema, a setting or the migrations journal changed');
  await client.exec(baseline.resetSql);
}

// The app's tables and sequences: every schema but the system's and drizzle's (its migrations journal is
// checked, not reset: a test that deletes a journal row discards its PGlite).
const appSchemas = `n.nspname not like 'pg\\_%' and n.nspname not in ('information_schema', 'drizzle')`;

async function recordBaseline(client: PGlite): Promise<Baseline> {
  // A session's first temporary table creates its schema (pg_temp_1), a change to the catalog that would
  // discard the PGlite; made here, once, temporary tables leave the catalog as they found it.
  await client.exec('create temp table warm_up (n int)');
  await client.exec('discard all');
  const tables = (
    await client.query<{ name: string; columns: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name,
         (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${appSchemas} order by 1`,
    )
  ).rows;
  const seeds: string[] = [];
  for (const table of tables) {
    const [rows] = (await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table.name} t`)).rows;
    if (!rows?.json) continue;
    seeds.push(
      `insert into ${table.name} (${table.columns}) overriding system value select ${table.columns} from json_populate_recordset(null::${table.name}, ${quoteLiteral(rows.json)});`,
    );
  }
  const sequences = (
    await client.query<{ setval: string }>(
      `select format('select setval(%L, %s, %L);', format('%I.%I', s.schemaname, s.sequencename), coalesce(s.last_value, s.start_value), s.last_value is not null) as setval
       from pg_sequences s join pg_namespace n on n.nspname = s.schemaname where ${appSchemas} order by 1`,
    )
  ).rows;
  // Note: delete, not truncate: a truncate gives each table and index a new file, 30-50 ms for the app's tables
  // where deleting the few rows a test file wrote takes a few; it would also change the catalog (pg_class). In
  // replica mode neither triggers nor foreign keys run: every table is emptied, and the seed rows go back as
  // they were (the rows their triggers wrote are seed rows too).
  const resetSql = [
    'begin;',
    'set local session_replication_role = replica;',
    ...tables.map((table) => `delete from ${table.name};`),
    ...seeds,
    ...sequences.map((sequence) => sequence.setval),
    'commit;',
  ].join('\n');

  const untouchedTables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and (n.nspname = 'pg_catalog' or n.nspname = 'drizzle') order by 1`,
    )
  ).rows;
  const untouchedSql = `select concat_ws(',', ${untouchedTables
    .map((table) => `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from ${table.name})`)
    .join(', ')}) as untouched`;
  const [row] = (await client.query<{ untouched: string }>(untouchedSql)).rows;
  if (!row) throw new Error('no row');
  return { resetSql, untouchedSql, untouched: row.untouched };
}

function quoteLiteral(text: string) {
  return `'${text.replaceAll("'", "''")}'`;
}

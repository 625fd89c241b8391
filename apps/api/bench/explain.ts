// npm run bench:explain -- 'q=samsung pho' 'category=Electronics' 'id=<uuid>[,<uuid>…]': the plan of each public read
// on the database of DATABASE_URL (a PostgreSQL the bench has filled), as the app runs it (product pages, as
// visitors' pages read together in one statement, decision 093): a named
// prepared statement whose generic plan is reused (db/client.ts), so the plan shown is the generic one,
// executed with the read's values (EXPLAIN (ANALYZE, BUFFERS) EXECUTE). Then its mean time over 300 runs,
// and, for a PostgreSQL on this machine, the CPU time its server process spent per read (Linux /proc): a
// figure that, unlike times, hardly moves when other work shares the machine. Prints; asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { ProductQuerySchema } from '@marketplace/shared/schemas/products';
import { isDatabaseOnThisMachine } from '../src/config-values';
import type { Database } from '../src/db/client';
import { visitorDetailsJson } from '../src/modules/products/reads';
import { listPublicProducts } from '../src/modules/search/public-list';
import { serverEnv } from './env';

// One connection, as the app's: named statements get their generic plan.
const pool = new pg.Pool({
  connectionString: serverEnv.DATABASE_URL,
  max: 1,
  options: '-c plan_cache_mode=force_generic_plan',
});
type Statement = { name?: string; text: string; values: unknown[] };
const query = pool.query.bind(pool) as (config: Statement) => Promise<pg.QueryResult<Record<string, string>>>;
let explaining = true;
const prepared = new Set<string>();

// A value as a SQL literal for EXECUTE (arrays in PostgreSQL's array syntax); the statement's own casts type it.
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value))
    return client.escapeLiteral(`{${value.map((item) => JSON.stringify(item)).join(',')}}`);
  return client.escapeLiteral(typeof value === 'string' ? value : JSON.stringify(value));
}

// queryRows (db/client.ts) sends through the pool; the plan is asked for first, with the same values.
(pool as unknown as { query: typeof query }).query = async (config) => {
  if (explaining && config.name) {
    const client = await pool.connect();
    try {
      // Its own name: the driver prepares the statement's own name on this connection afterwards.
      const name = `${config.name}_explained`;
      if (!prepared.has(name)) {
        await client.query(`prepare ${name} as ${config.text}`);
        prepared.add(name);
      }
      const values = config.values.map((value) => literal(client, value)).join(', ');
      const plan = await client.query<Record<string, string>>(
        `explain (analyze, buffers) execute ${name}${values ? `(${values})` : ''}`,
      );
      console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    } finally {
      client.release();
    }
  }
  return query(config);
};
const db = { $client: pool } as unknown as Database;

// The CPU time (ms) the connection's server process has used, when that process is on this machine.
const backend = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
const isLocal = isDatabaseOnThisMachine(serverEnv.DATABASE_URL ?? '');
const statFile = `/proc/${backend}/stat`;
function backendCpuMs(): number | undefined {
  if (!isLocal || !existsSync(statFile)) return undefined;
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const RUNS = 300;
for (const read of process.argv.slice(2)) {
  console.log(`\n===== ${read}`);
  const run = read.startsWith('id=')
    ? () => visitorDetailsJson({ db, ids: read.slice(3).split(',') })
    : () =>
        listPublicProducts({
          db,
          query: ProductQuerySchema.parse(Object.fromEntries(new URLSearchParams(read))),
        });
  explaining = true;
  await run();
  explaining = false;
  const started = performance.now();
  const cpuBefore = backendCpuMs();
  for (let index = 0; index < RUNS; index++) await run();
  const cpuAfter = backendCpuMs();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined
      ? ''
      : `; PostgreSQL CPU ${((cpuAfter - cpuBefore) / RUNS).toFixed(2)} ms per read`;
  console.log(`mean over ${RUNS} runs: ${((performance.now() - started) / RUNS).toFixed(2)} ms${cpu}`);
}
await pool.end();

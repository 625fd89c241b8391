// npm run bench:explain -- 'q=samsung pho' 'category=Electronics' 'id=<uuid>': the plan of each public read
// (EXPLAIN (ANALYZE, BUFFERS)) on the database of DATABASE_URL (a PostgreSQL the bench has filled), then its
// mean time over 50 runs. Prints; asserts nothing.
import pg from 'pg';
import { ProductQuerySchema } from '@marketplace/shared/schemas/products';
import type { Database } from '../src/db/client';
import { productDetailJson } from '../src/modules/products/reads';
import { listPublicProducts } from '../src/modules/search/public-list';
import { serverEnv } from './env';

const pool = new pg.Pool({ connectionString: serverEnv.DATABASE_URL });
const query = pool.query.bind(pool) as (config: {
  text: string;
  values: unknown[];
}) => Promise<pg.QueryResult<Record<string, string>>>;
let explaining = true;
// queryRows (db/client.ts) sends through the pool; the plan is asked for first, with the same values.
(pool as unknown as { query: typeof query }).query = async (config) => {
  if (explaining) {
    const plan = await query({ text: `explain (analyze, buffers) ${config.text}`, values: config.values });
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return query({ text: config.text, values: config.values });
};
const db = { $client: pool } as unknown as Database;

for (const read of process.argv.slice(2)) {
  console.log(`\n===== ${read}`);
  const run = read.startsWith('id=')
    ? () => productDetailJson({ db, id: read.slice(3), viewer: {} })
    : () =>
        listPublicProducts({
          db,
          query: ProductQuerySchema.parse(Object.fromEntries(new URLSearchParams(read))),
        });
  explaining = true;
  await run();
  explaining = false;
  const started = performance.now();
  for (let index = 0; index < 50; index++) await run();
  console.log(`mean over 50 runs: ${((performance.now() - started) / 50).toFixed(2)} ms`);
}
await pool.end();

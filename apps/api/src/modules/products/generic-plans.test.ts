import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProductQuerySchema } from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { registerUser, useTestApp } from '../../../test/helper';
import { listPublicProducts } from '../search/public-list';
import { listAllProducts } from './reads';

// The lists' generic plans (decision 030) are costed for the page they read, whatever the table's size: a
// LIMIT sent as a parameter was planned as a tenth of the table, which at a million listings crossed
// jit_above_cost and compiled JIT code on every read (issue 34, decision 052).
const testApp = useTestApp();

type Statement = { name?: string; text: string; values: unknown[] };
type PlanNode = { 'Node Type': string; 'Plan Rows': number; 'Total Cost': number; Plans?: PlanNode[] };

// The statement a read sends, captured instead of run.
async function statementOf(read: (db: Database) => Promise<unknown>): Promise<Statement> {
  let captured: Statement | undefined;
  const db = {
    $client: { query: (statement: Statement) => Promise.resolve(((captured = statement), { rows: [] })) },
  };
  await read(db as unknown as Database).catch(() => undefined);
  if (!captured) throw new Error('no statement');
  return captured;
}

// The generic plan of a statement, as the pool's connections make it (plan_cache_mode=force_generic_plan),
// with JIT allowed from a cost of 1,000.
async function genericPlan({ text, values }: Statement): Promise<{ plan: PlanNode; jit: boolean }> {
  const client = (testApp.app.db as unknown as { $client: pg.Pool | PGlite }).$client;
  const literal = (value: unknown) => `'${String(value).replace(/'/g, "''")}'`;
  const statements = [
    'set plan_cache_mode = force_generic_plan',
    'set jit_above_cost = 1000',
    `prepare generic_plan_test as ${text}`,
  ];
  const explain = `explain (format json) execute generic_plan_test${values.length ? `(${values.map(literal).join(', ')})` : ''}`;
  const cleanup = ['deallocate generic_plan_test', 'reset plan_cache_mode', 'reset jit_above_cost'];
  let rows: { 'QUERY PLAN': unknown }[];
  if (client instanceof PGlite) {
    for (const statement of statements) await client.query(statement);
    rows = (await client.query<{ 'QUERY PLAN': unknown }>(explain)).rows;
    for (const statement of cleanup) await client.query(statement);
  } else {
    const connection = await client.connect();
    try {
      for (const statement of statements) await connection.query(statement);
      rows = (await connection.query<{ 'QUERY PLAN': unknown }>(explain)).rows;
      for (const statement of cleanup) await connection.query(statement);
    } finally {
      connection.release();
    }
  }
  const raw = rows[0]?.['QUERY PLAN'];
  const [result] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode; JIT?: unknown }];
  return { plan: result.Plan, jit: result.JIT !== undefined };
}

function limitsOf(node: PlanNode): PlanNode[] {
  return [...(node['Node Type'] === 'Limit' ? [node] : []), ...(node.Plans ?? []).flatMap(limitsOf)];
}

describe('generic plans of the lists', () => {
  it('plans the home list, a category and the admin list for their page, not a tenth of 3,000 listings, and compiles no JIT', async () => {
    const seller = await registerUser(testApp.app);
    await testApp.app.db.execute(sql`
      insert into products (owner_id, title, description, specification, category, condition, tag, price, price_category, location, status, created_at)
      select ${seller.user.id}::uuid, 'Samsung phone ' || g, 'A good phone', 'Standard', 'Electronics', 'New', 'For sale',
        1000 + g, '500-15000', 'Ikeja, Lagos', 'approved', now() - g * interval '1 second'
      from generate_series(1, 3000) as g`);
    await testApp.app.db.execute(sql`analyze products`);

    const reads: [string, (db: Database) => Promise<unknown>][] = [
      ['home', (db) => listPublicProducts({ db, query: ProductQuerySchema.parse({}) })],
      [
        'category',
        (db) => listPublicProducts({ db, query: ProductQuerySchema.parse({ category: 'Electronics' }) }),
      ],
      ['admin list', (db) => listAllProducts({ db, page: { pageSize: 50 } })],
    ];
    for (const [name, read] of reads) {
      const { plan, jit } = await genericPlan(await statementOf(read));
      const pageLimit = limitsOf(plan)[0];
      // 25 rows for a page of 24 (51 for the admin's 50), not 300.
      expect({ name, rows: pageLimit?.['Plan Rows'] }).toEqual({
        name,
        rows: name === 'admin list' ? 51 : 25,
      });
      expect({ name, cost: plan['Total Cost'] < 1000, jit }).toEqual({ name, cost: true, jit: false });
    }
  });
});

import { asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { LIST_TOTAL_CAP } from '@marketplace/shared/constants';
import {
  jsonArray,
  literalLimit,
  MICRO_TIME_FORMAT,
  microTime,
  statementName,
  type Params,
} from '../db/card-sql';
import { queryRows, type Database } from '../db/client';
import { badRequest } from './errors';

// Opaque list cursors (docs/decisions/006): base64url JSON the server wrote. A tampered cursor is a 400,
// never a query with nonsense in it.

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(raw: string, schema: z.ZodType<T>): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('CURSOR_INVALID');
  }
}

// A time to the microsecond, as PostgreSQL keeps it and to_char(…, 'US') writes it (UTC, Z).
export const MicroTimeSchema = z.iso.datetime({ precision: 6 }).refine((value) => {
  const time = new Date(value);
  return (
    !Number.isNaN(time.getTime()) &&
    time.getUTCFullYear() >= 2000 &&
    time.toISOString().slice(0, 10) === value.slice(0, 10)
  );
});
const MicroTimeIdCursorSchema = z.tuple([MicroTimeSchema, z.uuid()]);

// Keyset paging on the columns themselves, (created_at, id), the cursor holding the last row's time to the
// microsecond: an index on (created_at, id) serves both the order and the cursor's condition, so any page of a
// list of millions reads pageSize + 1 index entries (decision 052). (A JavaScript Date keeps milliseconds only:
// ordering on the time truncated to them, as every list once did, is an expression no index holds, and each page
// read and sorted every row of the list.) Select `key` with the rows and give it to microTimeIdPage.
export function microTimeIdPaging(
  columns: { createdAt: AnyColumn; id: AnyColumn },
  { cursor, direction }: { cursor: string | undefined; direction: 'newest' | 'oldest' },
): { after: SQL | undefined; orderBy: SQL[]; key: SQL<string> } {
  const order = direction === 'newest' ? desc : asc;
  let after: SQL | undefined;
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, MicroTimeIdCursorSchema);
    after =
      direction === 'newest'
        ? sql`(${columns.createdAt}, ${columns.id}) < (${createdAt}::timestamptz, ${id}::uuid)`
        : sql`(${columns.createdAt}, ${columns.id}) > (${createdAt}::timestamptz, ${id}::uuid)`;
  }
  const key = sql<string>`to_char(${columns.createdAt} at time zone 'UTC', ${sql.raw(`'${MICRO_TIME_FORMAT}'`)})`;
  return { after, orderBy: [order(columns.createdAt), order(columns.id)], key };
}

// microTimeIdPaging for a statement written as text (the lists PostgreSQL writes as JSON, decision 084): on
// `alias`.created_at and `alias`.id, the condition after the cursor (its values added to `params`), the order,
// and the key to select with the rows for microTimeIdPage.
export function microTimeIdPagingSql(
  alias: string,
  {
    cursor,
    direction,
    params,
  }: { cursor: string | undefined; direction: 'newest' | 'oldest'; params: Params },
): { after: string; orderBy: string; key: string } {
  const [order, than] = direction === 'newest' ? ['desc', '<'] : ['asc', '>'];
  let after = 'true';
  if (cursor) {
    const [createdAt, id] = decodeCursor(cursor, MicroTimeIdCursorSchema);
    after = `(${alias}.created_at, ${alias}.id) ${than} (${params.add(createdAt, 'timestamptz')}, ${params.add(id, 'uuid')})`;
  }
  return {
    after,
    orderBy: `${alias}.created_at ${order}, ${alias}.id ${order}`,
    key: microTime(`${alias}.created_at`),
  };
}

// A list read in parts, each a page of its own on its own index (an offer made or received, a payout held or
// disputed), in one statement (`union all` of the limited walks, so that every part is read at the same moment):
// its rows in the order one walk over all the parts would give, the time to the microsecond (its key sorts as
// text), then the id, newest or oldest first. One condition over every part (an OR, an IN) is read as a bitmap of
// them and sorted whole for each page. Give the rows to microTimeIdPage.
export function inMicroTimeIdOrder<Row>(
  rows: Row[],
  keyOf: (row: Row) => { key: string; id: string },
  direction: 'newest' | 'oldest' = 'newest',
): Row[] {
  const sign = direction === 'newest' ? -1 : 1;
  const compare = (a: string, b: string) => (a === b ? 0 : a < b ? -sign : sign);
  return [...rows].sort((a, b) => {
    const [first, second] = [keyOf(a), keyOf(b)];
    return compare(first.key, second.key) || compare(first.id, second.id);
  });
}

export function microTimeIdPage<Row>(
  rows: Row[],
  pageSize: number,
  keyOf: (row: Row) => { key: string; id: string },
) {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const key = last && rows.length > pageSize ? keyOf(last) : null;
  return { items, nextCursor: key ? encodeCursor([key.key, key.id]) : null };
}

// A Drizzle `.limit()` written into the statement's text instead of sent as a parameter. The pool's
// connections make generic plans (plan_cache_mode=force_generic_plan, decision 030), and that applies to
// Drizzle's unnamed statements too: a LIMIT parameter was costed as a tenth of the table (20,000 of 200,000
// payments), so the admin transactions list ran in parallel workers and compiled JIT code (55 ms) for 51 rows
// (decision 052). Drizzle writes an SQL chunk given to limit() as it is.
export function rowLimit(rows: number): number {
  return sql.raw(literalLimit(rows)) as unknown as number;
}

// How far a list's `meta.total` counts: beyond it, `total` is this many and `totalCapped` is true (the screens
// show "10,000+"). Counting every row of a table of millions on each page cost more than the page itself.
export const TOTAL_CAP = LIST_TOTAL_CAP;
export type CappedTotal = { total: number; totalCapped?: true };
// The `meta` of a list paged by cursor.
export type ListMeta = { pageSize: number; nextCursor: string | null } & CappedTotal;
function cappedTotal(counted: number | undefined): CappedTotal {
  const total = counted ?? 0;
  return total > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : { total };
}

// Counting to the cap walks TOTAL_CAP + 1 rows: at a million listings, as much of the database's time as the
// page itself. A list (and filter) seen past the cap says "10,000+" without counting for CAPPED_TOTAL_MS; one
// under it is counted on every page, so a total the admin can see change is always exact (decision 082).
const CAPPED_TOTAL_MS = 30_000;
const MAX_REMEMBERED_LISTS = 100;
const cappedSince = new Map<string, number>();

// The list's total when it was seen past the cap a moment ago; undefined when it has to be counted.
export function rememberedTotal(list: string): CappedTotal | undefined {
  const since = cappedSince.get(list);
  if (since === undefined) return undefined;
  if (Date.now() - since < CAPPED_TOTAL_MS) return { total: TOTAL_CAP, totalCapped: true };
  cappedSince.delete(list);
  return undefined;
}

// The total of a count just made, remembered when it is past the cap.
export function countedTotal(list: string, counted: number | undefined): CappedTotal {
  const total = cappedTotal(counted);
  if (total.totalCapped) {
    if (cappedSince.size >= MAX_REMEMBERED_LISTS) cappedSince.clear();
    cappedSince.set(list, Date.now());
  } else cappedSince.delete(list);
  return total;
}

// A list's total: remembered, or counted up to TOTAL_CAP + 1 rows of `table` (those `where` keeps).
export async function totalOf(db: Database, list: string, table: PgTable, where?: SQL): Promise<CappedTotal> {
  const remembered = rememberedTotal(list);
  if (remembered) return remembered;
  const [counted] = await db.select({ total: count() }).from(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(rowLimit(TOTAL_CAP + 1))
      .as('counted'),
  );
  return countedTotal(list, counted?.total);
}

// A page of a list whose items PostgreSQL writes as JSON (decision 084): `text` selects pageSize + 1 rows, each
// with its item's JSON text as `item` and the `key` and `id` of microTimeIdPagingSql; `itemText` may finish an
// item in JavaScript. The total is counted beside the page.
export async function jsonItemsPage<Row extends { item: string; key: string; id: string }>(
  db: Database,
  {
    text,
    values,
    pageSize,
    total,
    itemText = (row) => row.item,
  }: {
    text: string;
    values: unknown[];
    pageSize: number;
    total: Promise<CappedTotal>;
    itemText?: (row: Row) => string;
  },
): Promise<{ data: string; meta: ListMeta }> {
  const [rows, counted] = await Promise.all([
    queryRows<Row>(db, { name: statementName(text), text, values }),
    total,
  ]);
  const { items, nextCursor } = microTimeIdPage(rows, pageSize, (row) => row);
  return { data: jsonArray(items.map(itemText).join(',')), meta: { pageSize, ...counted, nextCursor } };
}

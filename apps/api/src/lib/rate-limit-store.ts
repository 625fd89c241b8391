import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';

// Request limits (@fastify/rate-limit) counted in PostgreSQL, so every API process sees the same counts
// (docs/decisions/019). Counters live in `auth_failures` next to the sign-in counters: one row per key,
// a fixed window that restarts when it has run out, in one atomic upsert.
//
// Note: a limit of BATCH_FROM or more requests per window (the general flood guard, 600 a minute) would cost
// every API request a write to the same row for one address; those counts are added up in the process and
// written every FLUSH_MS in one statement, so a process may let through what it serves in FLUSH_MS over the
// limit. The tight limits (registrations, password resets, bank checks, address and courier lookups) are
// counted exactly, before the request is answered.
const BATCH_FROM = 100;
const FLUSH_MS = 250;

type Count = { current: number; ttl: number };
type IncrCallback = (error: Error | null, result?: Count) => void;
type StoreParams = { routeInfo?: { method?: string; url?: string } };

type Added = { key: string; by: number };

// Adds to each key's count in a window of `windowMs`; answers each key's count and the time left in its window.
async function addToCounts(db: Database, added: Added[], windowMs: number): Promise<Map<string, Count>> {
  const result = await db.execute(sql`
    insert into auth_failures as f (key, attempts, window_started_at)
    select t.key, t.by, now() from jsonb_to_recordset(${JSON.stringify(added)}::jsonb) as t(key text, by int)
    on conflict (key) do update set
      attempts = case when f.window_started_at <= now() - ${windowMs} * interval '1 millisecond'
        then excluded.attempts else f.attempts + excluded.attempts end,
      window_started_at = case when f.window_started_at <= now() - ${windowMs} * interval '1 millisecond'
        then now() else f.window_started_at end
    returning key, attempts,
      greatest(0, ceil(extract(epoch from (window_started_at - now())) * 1000 + ${windowMs}))::int as ttl`);
  const rows = (result as { rows: { key: string; attempts: number; ttl: number }[] }).rows;
  return new Map(rows.map((row) => [row.key, { current: row.attempts, ttl: row.ttl }]));
}

// The counts of one window length, added up in memory and written together.
function createBatcher(db: Database, windowMs: number) {
  const pending = new Map<string, number>();
  // What the database said at the last write, and when.
  const known = new Map<string, Count & { at: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function flush() {
    timer = undefined;
    const added = [...pending].map(([key, by]) => ({ key, by }));
    pending.clear();
    if (added.length === 0) return;
    const counts = await addToCounts(db, added, windowMs);
    const now = Date.now();
    for (const [key, count] of counts) known.set(key, { ...count, at: now });
    // Keys whose window has run out are forgotten (a process sees many addresses).
    for (const [key, count] of known) if (count.at + count.ttl <= now) known.delete(key);
  }

  return {
    incr(key: string): Count {
      const by = (pending.get(key) ?? 0) + 1;
      pending.set(key, by);
      if (!timer) {
        timer = setTimeout(() => {
          flushing = flush()
            .catch(() => undefined)
            .finally(() => {
              flushing = undefined;
            });
        }, FLUSH_MS);
        timer.unref();
      }
      const last = known.get(key);
      const now = Date.now();
      if (!last || last.at + last.ttl <= now) return { current: by, ttl: windowMs };
      return { current: last.current + by, ttl: last.at + last.ttl - now };
    },
    // Writes what is pending now (on close, and in tests).
    async drain() {
      clearTimeout(timer);
      await flushing;
      await flush();
    },
  };
}

export type RateLimitStoreClass = FastifyRateLimitStoreCtor;

export function postgresRateLimitStore(db: Database): {
  Store: RateLimitStoreClass;
  drain: () => Promise<void>;
} {
  const batchers = new Map<string, ReturnType<typeof createBatcher>>();

  class PostgresRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its options; a route's store (child) gets the route in `routeInfo`.
    constructor(params: object) {
      const { routeInfo } = params as StoreParams;
      this.prefix = routeInfo?.url ? `rate:${routeInfo.method ?? ''}${routeInfo.url}:` : 'rate:';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      const fullKey = this.prefix + key;
      if (max >= BATCH_FROM) {
        const batchKey = `${this.prefix}${timeWindow}`;
        let batcher = batchers.get(batchKey);
        if (!batcher) {
          batcher = createBatcher(db, timeWindow);
          batchers.set(batchKey, batcher);
        }
        callback(null, batcher.incr(fullKey));
        return;
      }
      addToCounts(db, [{ key: fullKey, by: 1 }], timeWindow).then(
        (counts) => callback(null, counts.get(fullKey) ?? { current: 1, ttl: timeWindow }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: object) {
      return new PostgresRateLimitStore(params);
    }
  }

  return {
    Store: PostgresRateLimitStore,
    drain: async () => {
      await Promise.all([...batchers.values()].map((batcher) => batcher.drain()));
    },
  };
}

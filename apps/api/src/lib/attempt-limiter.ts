import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema';
import type { RateLimit } from '../config';
import { tooManyRequests } from './errors';

// Counts sign-in attempts per key in the database (every API process shares it). Note: an attempt is
// counted before its password is checked, in one atomic upsert, so parallel requests cannot all pass
// the check; a successful sign-in clears its keys, so only failures add up.
export async function takeAttempt(db: Database, key: string, limit: RateLimit): Promise<void> {
  const windowStart = new Date(Date.now() - limit.windowMs).toISOString();
  const [row] = await db
    .insert(authFailures)
    .values({ key, attempts: 1 })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        attempts: sql`case when ${authFailures.windowStartedAt} < ${windowStart}::timestamptz then 1 else ${authFailures.attempts} + 1 end`,
        windowStartedAt: sql`case when ${authFailures.windowStartedAt} < ${windowStart}::timestamptz then now() else ${authFailures.windowStartedAt} end`,
      },
    })
    .returning({ attempts: authFailures.attempts });
  if ((row?.attempts ?? 0) > limit.max) throw tooManyRequests('TOO_MANY_ATTEMPTS');
}

export async function clearAttempts(db: Database, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(authFailures).where(eq(authFailures.key, key));
}

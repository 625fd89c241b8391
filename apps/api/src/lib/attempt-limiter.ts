import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema';
import type { RateLimit } from '../config';
import { tooManyRequests } from './errors';

// Counts failed attempts per key in the database (every API process shares it). Only failures
// count: a user who types the right password is never locked out by their own successful logins.
export async function assertAttemptsLeft(db: Database, key: string, limit: RateLimit): Promise<void> {
  const [row] = await db.select().from(authFailures).where(eq(authFailures.key, key)).limit(1);
  if (!row) return;
  const windowOpen = Date.now() - row.windowStartedAt.getTime() < limit.windowMs;
  if (windowOpen && row.attempts >= limit.max) throw tooManyRequests('TOO_MANY_ATTEMPTS');
}

export async function recordFailedAttempt(db: Database, key: string, limit: RateLimit): Promise<void> {
  const windowStart = new Date(Date.now() - limit.windowMs);
  await db
    .insert(authFailures)
    .values({ key, attempts: 1 })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: {
        attempts: sql`case when ${authFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${authFailures.attempts} + 1 end`,
        windowStartedAt: sql`case when ${authFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then now() else ${authFailures.windowStartedAt} end`,
      },
    });
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}

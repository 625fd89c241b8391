import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema';
import type { Config, RateLimit } from '../config';
import type { MessageCode } from '@marketplace/shared/messages';
import { tooManyRequests } from './errors';

// Counts attempts per key in the database (every API process shares it). Note: an attempt is counted
// before its password is checked, in one atomic upsert, so parallel requests cannot all pass the check;
// a successful sign-in takes its own count back, so only failures add up.
export async function countAttempt(db: Database, key: string, windowMs: number): Promise<number> {
  return (await countInWindow(db, key, windowMs)).attempts;
}

// The count, and the seconds until the window restarts (a refusal's Retry-After).
async function countInWindow(db: Database, key: string, windowMs: number): Promise<{ attempts: number; retryAfterSeconds: number }> {
  const windowStart = new Date(Date.now() - windowMs).toISOString();
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
    .returning({ attempts: authFailures.attempts, windowStartedAt: authFailures.windowStartedAt });
  const endsAt = (row?.windowStartedAt.getTime() ?? Date.now()) + windowMs;
  return { attempts: row?.attempts ?? 0, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) };
}

// Counts one attempt; past the limit, 429 with the seconds until the window restarts.
async function refuseOverLimit(db: Database, key: string, limit: RateLimit, code: MessageCode): Promise<void> {
  const { attempts, retryAfterSeconds } = await countInWindow(db, key, limit.windowMs);
  if (attempts > limit.max) throw tooManyRequests(code, retryAfterSeconds);
}

export async function takeAttempt(db: Database, key: string, limit: RateLimit): Promise<void> {
  await refuseOverLimit(db, key, limit, 'TOO_MANY_ATTEMPTS');
}

export async function clearAttempts(db: Database, ...keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(authFailures).where(eq(authFailures.key, key));
}

// Takes back one counted attempt (a sign-in that succeeded), leaving the others' failures counted.
async function releaseAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(authFailures)
    .set({ attempts: sql`greatest(${authFailures.attempts} - 1, 0)` })
    .where(eq(authFailures.key, key));
}

// A per-user quota (decision 016): the work is counted before it is done, in the same atomic upsert as
// sign-in attempts (so parallel requests and every API process share one count), and given back when
// the work fails, so only what was really stored counts.
export async function withinQuota<T>(db: Database, key: string, limit: RateLimit, code: MessageCode, work: () => Promise<T>): Promise<T> {
  await refuseOverLimit(db, key, limit, code);
  try {
    return await work();
  } catch (error) {
    await releaseAttempt(db, key);
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The limits of one sign-in (user or admin), decision 009:
// - per account and address: 5 failures, then 429 for that address only;
// - per address across accounts (password spraying): 30 failures, then 429;
// - per account across addresses: past 10 failures the sign-in is slowed down and the owner is mailed a
//   one-time sign-in link (once per window), but a correct password is never refused for it, so nobody can
//   lock someone else out.
// Note: the per-address count is not cleared by a success (a sprayer with one real account could reset it);
// a success only takes its own attempt back.
export async function guardSignIn({
  db,
  config,
  scope,
  email,
  clientAddress,
}: {
  db: Database;
  config: Config;
  scope: 'user-login' | 'admin-login';
  email: string;
  clientAddress: string;
}) {
  const pairKey = `${scope}:${clientAddress}:${email}`;
  const addressKey = `${scope}-address:${clientAddress}`;
  const accountKey = `${scope}:${email}`;
  await takeAttempt(db, pairKey, config.rateLimits.login);
  await takeAttempt(db, addressKey, config.rateLimits.loginPerAddress);
  const { max, windowMs } = config.rateLimits.loginPerAccount;
  const accountAttempts = await countAttempt(db, accountKey, windowMs);
  if (accountAttempts > max) await sleep(config.loginSlowdownMs);
  return {
    // True for the first attempt past the account's threshold in this window: the moment to mail the link.
    shouldMailSignInLink: accountAttempts === max + 1,
    async succeeded() {
      await clearAttempts(db, pairKey, accountKey);
      await releaseAttempt(db, addressKey);
    },
  };
}

// Mails per recipient (reset links, sign-in links), whoever asks for them: a few an hour, so that nobody
// can flood someone's inbox from many addresses. The caller answers the same whether or not it mails.
export async function mayMailRecipient(db: Database, config: Config, recipient: string): Promise<boolean> {
  const { max, windowMs } = config.rateLimits.mailsPerRecipient;
  return (await countAttempt(db, `mail:${recipient.toLowerCase()}`, windowMs)) <= max;
}

// The longest window any counter uses is an hour; a row whose window started a day ago counts nothing any
// more (the next attempt would start it again) and is deleted. Returns how many were.
export async function sweepCounters(db: Database): Promise<number> {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
  const deleted = await db.delete(authFailures).where(lt(authFailures.windowStartedAt, dayAgo)).returning({ key: authFailures.key });
  return deleted.length;
}

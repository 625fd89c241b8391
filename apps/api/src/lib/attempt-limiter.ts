import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authFailures } from '../db/schema';
import type { Config, RateLimit } from '../config';
import type { MessageCode } from '@marketplace/shared/reply-texts';
import { tooManyRequests, unauthorized } from './errors';
import { spendHashTime, verifyPassword } from './passwords';

// Counts attempts per key in the database (every API process shares it). Note: an attempt is counted
// before its password is checked, in one atomic upsert, so parallel requests cannot all pass the check;
// a successful sign-in takes its own count back, so only failures add up.
export async function countAttempt(db: Database, key: string, windowMs: number): Promise<number> {
  return (await countInWindow(db, key, windowMs)).attempts;
}

// The count, and the seconds until the window restarts (a refusal's Retry-After).
async function countInWindow(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ attempts: number; retryAfterSeconds: number }> {
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
  return {
    attempts: row?.attempts ?? 0,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)),
  };
}

// Counts one attempt; past the limit, 429 with the seconds until the window restarts.
async function refuseOverLimit(
  db: Database,
  key: string,
  limit: RateLimit,
  code: MessageCode,
): Promise<void> {
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
export async function withinQuota<T>(
  db: Database,
  key: string,
  limit: RateLimit,
  code: MessageCode,
  work: () => Promise<T>,
): Promise<T> {
  await refuseOverLimit(db, key, limit, code);
  try {
    return await work();
  } catch (error) {
    await releaseAttempt(db, key);
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// How many paced password checks of one account may wait at once; one more is refused (429) at once.
const QUEUED_CHECKS = 4;

// Books the next password check of an account under attack: checks are at least `spacingMs` apart, and
// each waits at least that long (decision 048). Note: the booking is one atomic UPDATE of the account's
// row, so parallel requests, from any address and through any API process, queue one behind another.
async function waitForTurn(db: Database, key: string, spacingMs: number): Promise<void> {
  const spacing = sql`${`${spacingMs} milliseconds`}::interval`;
  const maxWait = sql`${`${spacingMs * QUEUED_CHECKS} milliseconds`}::interval`;
  const slot = sql`greatest(${authFailures.lastCheckAt} + ${spacing}, now() + ${spacing})`;
  const [booked] = await db
    .update(authFailures)
    .set({ lastCheckAt: slot })
    .where(and(eq(authFailures.key, key), sql`${slot} <= now() + ${maxWait}`))
    .returning({
      waitMs: sql<number>`(extract(epoch from ${authFailures.lastCheckAt} - now()) * 1000)::float8`,
    });
  if (!booked) throw tooManyRequests('TOO_MANY_ATTEMPTS', Math.ceil((spacingMs * QUEUED_CHECKS) / 1000));
  await sleep(Math.max(0, Number(booked.waitMs)));
}

// Checks the password of one sign-in (user or admin) under the limits of decisions 009 and 048, and throws
// 401 or 429 when it is not let in.
// - A known device (a valid device cookie for this account): its failures count against that cookie
//   only, 5 in 15 minutes and then 429 for that cookie; nobody else's failures slow it down or lock it out.
// - An unknown device: 5 failures per account and address, then 429 for that address; 30 per address
//   across accounts (password spraying), then 429; per account across every address, past 10 failures
//   the owner is mailed a one-time sign-in link and the password checks are paced one at a time, 3 s
//   apart, and past 30 no password is checked at all: 429 asking for the mailed link, whether the
//   password is right or not (a different answer would tell a guesser that it is right).
// Note: a success takes back only its own attempt from the per-address and per-account counts (a sprayer
// with one real account could otherwise reset them); it clears its address's count for that account.
export async function checkSignInPassword({
  db,
  config,
  scope,
  email,
  password,
  clientAddress,
  account,
  deviceNonce,
  mailSignInLink,
}: {
  db: Database;
  config: Config;
  scope: 'user-login' | 'admin-login';
  email: string;
  password: string;
  clientAddress: string;
  account: { id: string; passwordHash: string } | undefined;
  deviceNonce: string | null;
  mailSignInLink: () => Promise<void>;
}): Promise<void> {
  if (account && deviceNonce) {
    const deviceKey = `${scope}-device:${account.id}:${deviceNonce}`;
    await takeAttempt(db, deviceKey, config.rateLimits.loginPerDevice);
    if (!(await verifyPassword(password, account.passwordHash))) throw unauthorized('INVALID_CREDENTIALS');
    await clearAttempts(db, deviceKey);
    return;
  }

  const pairKey = `${scope}:${clientAddress}:${email}`;
  const addressKey = `${scope}-address:${clientAddress}`;
  const accountKey = `${scope}:${email}`;
  await takeAttempt(db, pairKey, config.rateLimits.login);
  await takeAttempt(db, addressKey, config.rateLimits.loginPerAddress);
  const { max, windowMs } = config.rateLimits.loginPerAccount;
  const { attempts, retryAfterSeconds } = await countInWindow(db, accountKey, windowMs);
  if (attempts > config.loginAccountCap) throw tooManyRequests('SIGN_IN_LINK_REQUIRED', retryAfterSeconds);
  // The first attempt past the threshold in this window is the moment to mail the link.
  if (account && attempts === max + 1) await mailSignInLink();
  if (attempts > max) await waitForTurn(db, accountKey, config.loginSlowdownMs);
  const isValid = account
    ? await verifyPassword(password, account.passwordHash)
    : (await spendHashTime(password), false);
  if (!isValid) throw unauthorized('INVALID_CREDENTIALS');
  await clearAttempts(db, pairKey);
  await releaseAttempt(db, addressKey);
  await releaseAttempt(db, accountKey);
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
  const deleted = await db
    .delete(authFailures)
    .where(lt(authFailures.windowStartedAt, dayAgo))
    .returning({ key: authFailures.key });
  return deleted.length;
}

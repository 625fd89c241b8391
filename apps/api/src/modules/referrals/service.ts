import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { toIso, uniqueViolation } from '../../lib/db-errors';
import { badRequest } from '../../lib/errors';
import { microTimeIdPage, microTimeIdPaging, rowLimit, totalOf, type ListMeta } from '../../lib/cursor';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { Referral } from '@marketplace/shared/schemas/accounts';

// Referrals: every user has a refID (spec §3) that others give when they register; the referrer is the
// new user's upline, and the referrer's referrals are the users who registered with their refID.

// Eight characters without look-alikes (0/O, 1/I/L), easy to read out over the phone.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newRefId(): string {
  let refId = '';
  for (let index = 0; index < 8; index++) refId += alphabet[randomInt(alphabet.length)];
  return refId;
}

// A refID drawn again: two users drew the same (the unique index refused the second).
export const isRefIdCollision = (error: unknown) => uniqueViolation(error) === 'users_ref_id_unique';

// The user whose refID a new user gave when registering (the register schema upper-cases it, as refIDs are).
export async function findReferrer({ db, refId }: { db: Database; refId: string }) {
  const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.refId, refId)).limit(1);
  if (!referrer)
    throw badRequest('REFERRAL_CODE_UNKNOWN', [{ path: 'referredBy', code: 'REFERRAL_CODE_UNKNOWN' }]);
  return referrer;
}

// GET /users/generate-refID: the user gets a new refID; the old one no longer refers anyone.
export async function generateRefId({ db, userId }: { db: Database; userId: string }): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const refId = newRefId();
    try {
      await db.update(users).set({ refId }).where(eq(users.id, userId));
      return refId;
    } catch (error) {
      if (isRefIdCollision(error)) continue;
      throw error;
    }
  }
  throw new Error('could not draw a unique refID');
}

// A user's upline, joined on users.referredById: `.leftJoin(upline, eq(users.referredById, upline.id))`.
export const upline = alias(users, 'upline');
export const uplineColumns = { id: upline.id, username: upline.username };

// The profile's `referrals` (spec §3, User) and the admin's user rows carry the first REFERRALS_IN_LIST; every
// referral is a page at a time from GET /users/referrals and GET /admin/users/{id}/referrals (decision 089).
export const REFERRALS_IN_LIST = 50;

const ofReferrer = (userId: string) => eq(users.referredById, userId);

// `size` + 1 of the users one user referred, newest first, from after `cursor`, on users_referred_by_idx (the
// extra row says whether there are more), and `size` of them as referrals with the next page's cursor.
async function referralsPage(db: Database, userId: string, cursor: string | undefined, size: number) {
  const { after, orderBy, key } = microTimeIdPaging(users, { cursor, direction: 'newest' });
  const rows = await db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt, key })
    .from(users)
    .where(and(ofReferrer(userId), after))
    .orderBy(...orderBy)
    .limit(rowLimit(size + 1));
  const { items, nextCursor } = microTimeIdPage(rows, size, (row) => row);
  const referrals: Referral[] = items.map(({ id, username, createdAt }) => ({
    id,
    username,
    createdAt: toIso(createdAt),
  }));
  return { referrals, nextCursor };
}

// The newest REFERRALS_IN_LIST users one user referred (their profile).
export async function latestReferrals({ db, userId }: { db: Database; userId: string }) {
  return (await referralsPage(db, userId, undefined, REFERRALS_IN_LIST)).referrals;
}

// The users one user referred, newest first, a page at a time; the total counted up to TOTAL_CAP.
export async function listReferrals({
  db,
  userId,
  page,
}: {
  db: Database;
  userId: string;
  page: PageQuery;
}): Promise<{ items: Referral[]; meta: ListMeta }> {
  const [{ referrals, nextCursor }, total] = await Promise.all([
    referralsPage(db, userId, page.cursor, page.pageSize),
    totalOf(db, `referrals:${userId}`, users, ofReferrer(userId)),
  ]);
  return { items: referrals, meta: { pageSize: page.pageSize, nextCursor, ...total } };
}

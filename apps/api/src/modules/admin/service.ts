import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AdminLoginInputSchema, AdminUser } from '@marketplace/shared/schemas/admin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { admins, users } from '../../db/schema';
import { clearAttempts, takeAttempt } from '../../lib/attempt-limiter';
import { unauthorized } from '../../lib/errors';
import { spendHashTime, verifyPassword } from '../../lib/passwords';
import { signToken } from '../../lib/tokens';
import { toUserFields } from '../profiles/service';

// Admins are a table of their own: a user's credentials never log in here, and the token's audience
// is `admin`, which no user route accepts.
export async function loginAdmin({
  db,
  config,
  input,
  clientAddress,
}: {
  db: Database;
  config: Config;
  input: z.output<typeof AdminLoginInputSchema>;
  clientAddress: string;
}) {
  const addressKey = `admin-login:${clientAddress}:${input.email}`;
  const accountKey = `admin-login:${input.email}`;
  await takeAttempt(db, addressKey, config.rateLimits.login);
  await takeAttempt(db, accountKey, config.rateLimits.loginPerAccount);
  const [admin] = await db.select().from(admins).where(sql`lower(${admins.email}) = ${input.email}`).limit(1);
  const isValid = admin ? await verifyPassword(input.password, admin.passwordHash) : (await spendHashTime(input.password), false);
  if (!admin || !isValid) throw unauthorized('INVALID_CREDENTIALS');
  await clearAttempts(db, addressKey, accountKey);
  const token = await signToken(
    config.jwtSecret,
    { subject: admin.id, audience: 'admin', version: admin.tokenVersion },
    config.tokenTtlSeconds,
  );
  return { token, admin: { id: admin.id, email: admin.email, fullName: admin.fullName } };
}

// Ends every session of this admin on the server (the token version, as for users).
export async function endAdminSessions({ db, adminId }: { db: Database; adminId: string }) {
  await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, adminId));
}

export async function listUsersForAdmin({ db }: { db: Database }): Promise<AdminUser[]> {
  const upline = alias(users, 'upline');
  const rows = await db
    .select({ user: users, upline: { id: upline.id, username: upline.username } })
    .from(users)
    .leftJoin(upline, eq(users.referredById, upline.id))
    .orderBy(asc(users.createdAt));
  const ids = rows.map((row) => row.user.id);
  const referrals =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, referredById: users.referredById })
          .from(users)
          .where(inArray(users.referredById, ids))
          .orderBy(asc(users.createdAt));
  const referralsByUpline = new Map<string, { id: string; username: string }[]>();
  for (const { referredById, ...referral } of referrals) {
    if (!referredById) continue;
    referralsByUpline.set(referredById, [...(referralsByUpline.get(referredById) ?? []), referral]);
  }

  return rows.map(({ user, upline }) => ({ ...toUserFields(user, upline), referrals: referralsByUpline.get(user.id) ?? [] }));
}

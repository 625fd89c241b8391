import { eq, sql } from 'drizzle-orm';
import { namesMatch } from '@marketplace/shared/names';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { z } from 'zod';
import type { AdminLoginInputSchema, AdminUser } from '@marketplace/shared/schemas/admin';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { admins, users } from '../../db/schema';
import type { DeviceContext } from '../../lib/device-cookies';
import { signInWithPassword } from '../../lib/password-sign-in';
import { microTimeIdPage, microTimeIdPaging, rowLimit, totalOf } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { spendSignInLink } from '../../lib/sign-in-links';
import type { Mail } from '../../providers/mail/index';
import { signToken } from '../../lib/tokens';
import { toUserFields } from '../profiles/index';
import { referralsByUpline, upline, uplineColumns } from '../referrals/index';

// Admins are a table of their own: a user's credentials never log in here, and the token's audience
// is `admin`, which no user route accepts.
export async function loginAdmin({
  db,
  config,
  input,
  clientAddress,
  device,
  sendMail,
}: {
  db: Database;
  config: Config;
  input: z.output<typeof AdminLoginInputSchema>;
  clientAddress: string;
  device: DeviceContext;
  sendMail: (mail: Mail) => void;
}) {
  const [admin] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = ${input.email}`)
    .limit(1);
  // The same limits and device cookies as the user login (decisions 009, 048).
  const signedIn = await signInWithPassword({
    db,
    config,
    kind: 'admin',
    email: input.email,
    password: input.password,
    account: admin,
    clientAddress,
    device,
    sendMail,
  });
  return { session: await adminSession(config, signedIn.account), deviceCookie: signedIn.deviceCookie };
}

async function adminSession(config: Config, admin: typeof admins.$inferSelect) {
  const token = await signToken(
    config.jwtSecret,
    { subject: admin.id, audience: 'admin', version: admin.tokenVersion },
    config.tokenTtlSeconds,
  );
  return { token, admin: { id: admin.id, email: admin.email, fullName: admin.fullName } };
}

// Signs an admin in with a one-time link mailed by loginAdmin (decision 009).
export async function loginAdminWithLink({
  db,
  config,
  token,
}: {
  db: Database;
  config: Config;
  token: string;
}) {
  const adminId = await spendSignInLink({ db, token, kind: 'admin' });
  const [admin] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!admin) throw new AppError(400, 'SIGN_IN_LINK_INVALID');
  return adminSession(config, admin);
}

// Ends every session of this admin on the server (the token version, as for users).
export async function endAdminSessions({ db, adminId }: { db: Database; adminId: string }) {
  await db
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, adminId));
}

// Every user, oldest first, paged by cursor like the public lists (users_created_idx serves any page). The
// total counts up to TOTAL_CAP. `accountNameMismatch` flags a bank account whose resolved name is not the
// profile's name (decision 016).
export async function listUsersForAdmin({ db, page }: { db: Database; page: PageQuery }) {
  const { after, orderBy, key } = microTimeIdPaging(users, { cursor: page.cursor, direction: 'oldest' });
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, upline: uplineColumns, key })
      .from(users)
      .leftJoin(upline, eq(users.referredById, upline.id))
      .where(after)
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1)),
    totalOf(db, 'users', users),
  ]);
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.user.id,
  }));
  const referrals = await referralsByUpline({ db, uplineIds: items.map((row) => row.user.id) });

  const list: AdminUser[] = items.map(({ user, upline }) => ({
    ...toUserFields(user, upline),
    referredBy: upline?.username ?? null,
    referredById: upline?.id ?? null,
    referrals: referrals.get(user.id) ?? [],
    accountNameMismatch: user.accountName !== null && !namesMatch(user.fullName, user.accountName),
  }));
  return { items: list, meta: { pageSize: page.pageSize, nextCursor, ...total } };
}

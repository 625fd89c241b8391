import { eq, sql } from 'drizzle-orm';
import { namesMatch } from '@marketplace/shared/names';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { z } from 'zod';
import type { AdminLoginInputSchema } from '@marketplace/shared/schemas/admin';
import type { Config } from '../../config';
import { literalLimit, Params } from '../../db/card-sql';
import type { Database } from '../../db/client';
import { admins, users } from '../../db/schema';
import type { DeviceContext } from '../../lib/device-cookies';
import { signInWithPassword } from '../../lib/password-sign-in';
import { jsonItemsPage, microTimeIdPagingSql, TOTAL_CAP, totalOf, type ListMeta } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { spendSignInLink } from '../../lib/sign-in-links';
import type { Mail } from '../../providers/mail/index';
import { signToken } from '../../lib/tokens';
import { userFieldsSql } from '../profiles/index';
import { REFERRALS_IN_LIST } from '../referrals/index';

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

// An admin's view of a user (AdminUserSchema) as JSON written by PostgreSQL, without its closing brace: the API
// adds `accountNameMismatch` (namesMatch, in JavaScript). `u` the user, `up` the upline; the first
// REFERRALS_IN_LIST referrals and their count, on users_referred_by_idx (decision 089).
const ADMIN_USER_JSON = `left(json_build_object(${userFieldsSql('u')}, 'referredBy', up.username, 'referredById', up.id,
  'referrals', coalesce((select json_agg(json_build_object('id', r.id, 'username', r.username) order by r.created_at, r.id)
    from (select r.id, r.username, r.created_at from users r where r.referred_by_id = u.id
      order by r.created_at, r.id limit ${REFERRALS_IN_LIST}) r), '[]'::json),
  'referralCount', (select count(*) from (select 1 from users r where r.referred_by_id = u.id
    limit ${TOTAL_CAP + 1}) counted))::text, -1)`;

// Every user, oldest first, paged by cursor like the public lists (users_created_idx serves any page). The
// total counts up to TOTAL_CAP. `accountNameMismatch` flags a bank account whose resolved name is not the
// profile's name (decision 016). PostgreSQL writes each user's JSON, the API joins the texts (decision 084).
export function listUsersForAdmin({
  db,
  page,
}: {
  db: Database;
  page: PageQuery;
}): Promise<{ data: string; meta: ListMeta }> {
  const params = new Params();
  const { after, orderBy, key } = microTimeIdPagingSql('u', {
    cursor: page.cursor,
    direction: 'oldest',
    params,
  });
  const text = `select ${ADMIN_USER_JSON} as item, u.full_name as "fullName", u.account_name as "accountName",
      ${key} as key, u.id
    from users u left join users up on up.id = u.referred_by_id
    where ${after} order by ${orderBy} limit ${literalLimit(page.pageSize + 1)}`;
  return jsonItemsPage<{
    item: string;
    fullName: string;
    accountName: string | null;
    key: string;
    id: string;
  }>(db, {
    text,
    values: params.values,
    pageSize: page.pageSize,
    total: totalOf(db, 'users', users),
    itemText: ({ item, fullName, accountName }) => {
      const mismatch = accountName !== null && !namesMatch(fullName, accountName);
      return `${item}, "accountNameMismatch" : ${mismatch}}`;
    },
  });
}

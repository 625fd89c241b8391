import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { signInLinks } from '../db/schema';
import type { Mail } from '../providers/mail/index';
import { accountMails, mailLanguage } from './account-mails';
import { AppError } from './errors';
import { randomToken, sha256 } from './tokens';

const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

// `language`: the one kept on a user's account (decision 055); admins are written to in English.
type Account = { kind: 'user' | 'admin'; id: string; email: string; name: string; language?: string | null };

// A one-time sign-in link for the owner of an account that is receiving many wrong passwords (decision
// 009): the owner can sign in without a password while the guessing slows their sign-ins down.
export async function createSignInLinkMail({
  db,
  config,
  account,
}: {
  db: Database;
  config: Config;
  account: Account;
}): Promise<Mail> {
  const token = randomToken();
  await db.insert(signInLinks).values({
    ...(account.kind === 'user' ? { userId: account.id } : { adminId: account.id }),
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
  });
  const page = account.kind === 'user' ? 'login' : 'adminLogin';
  const link = `${config.publicUrl}/${page}?link=${encodeURIComponent(token)}`;
  return {
    to: account.email,
    ...accountMails.signInLink[mailLanguage(account.language)](account.name, link),
  };
}

// Spends a link: a single conditional UPDATE, so two requests with one link cannot both sign in.
export async function spendSignInLink({
  db,
  token,
  kind,
}: {
  db: Database;
  token: string;
  kind: Account['kind'];
}): Promise<string> {
  const [spent] = await db
    .update(signInLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInLinks.tokenHash, sha256(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, new Date()),
        isNotNull(kind === 'user' ? signInLinks.userId : signInLinks.adminId),
      ),
    )
    .returning({ userId: signInLinks.userId, adminId: signInLinks.adminId });
  const accountId = kind === 'user' ? spent?.userId : spent?.adminId;
  if (!accountId) throw new AppError(400, 'SIGN_IN_LINK_INVALID');
  return accountId;
}

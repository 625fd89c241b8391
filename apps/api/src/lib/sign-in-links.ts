import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { signInLinks } from '../db/schema';
import type { Mail } from '../providers/mail/index';
import { AppError } from './errors';
import { randomToken, sha256 } from './tokens';

const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

type Account = { kind: 'user' | 'admin'; id: string; email: string; name: string };

// A one-time sign-in link for the owner of an account that is receiving many wrong passwords (decision
// 009): the owner can sign in without a password while the guessing slows their sign-ins down.
export async function createSignInLinkMail({ db, config, account }: { db: Database; config: Config; account: Account }): Promise<Mail> {
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
    subject: 'Sign in to Oja with this link',
    text: [
      `Hello ${account.name},`,
      '',
      'Someone has been trying many wrong passwords on your Oja account, so signing in with a password is slower for now. Your password still works.',
      '',
      'To sign in straight away, open this link within 15 minutes (it works once):',
      '',
      link,
      '',
      'If you did not try to sign in, someone else may know your e-mail address. Your account is safe as long as your password is; choose a long one that you use nowhere else.',
    ].join('\n'),
  };
}

// Spends a link: a single conditional UPDATE, so two requests with one link cannot both sign in.
export async function spendSignInLink({ db, token, kind }: { db: Database; token: string; kind: Account['kind'] }): Promise<string> {
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

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SessionUser,
  SignInLinkInputSchema,
} from '@marketplace/shared/schemas/accounts';
import type { Language } from '@marketplace/shared/constants';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { accountMails, mailLanguage } from '../../lib/account-mails';
import { mayMailRecipient } from '../../lib/attempt-limiter';
import type { DeviceContext } from '../../lib/device-cookies';
import { signInWithPassword } from '../../lib/password-sign-in';
import { spendSignInLink } from '../../lib/sign-in-links';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { randomToken, sha256, signToken } from '../../lib/tokens';
import type { Mail, Mailer } from '../../providers/mail/index';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { listUserProducts } from '../products/index';
import { findReferrer, isRefIdCollision, newRefId } from '../referrals/index';

type Deps = { db: Database; config: Config };

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const sessionUserColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  profilePicture: users.profilePicture,
  isVerified: users.isVerified,
  refID: users.refId,
  tokenVersion: users.tokenVersion,
};

async function issueUserToken(config: Config, user: { id: string; tokenVersion: number }) {
  return signToken(
    config.jwtSecret,
    { subject: user.id, audience: 'user', version: user.tokenVersion },
    config.tokenTtlSeconds,
  );
}

function toSessionUser(row: SessionUser & { tokenVersion: number }): SessionUser {
  const { tokenVersion: _tokenVersion, ...user } = row;
  return user;
}

// spec §3, user session: the token, and the user with their own listings in every status.
async function startSession({ db, config }: Deps, user: SessionUser & { tokenVersion: number }) {
  const products = await listUserProducts({ db, ownerId: user.id });
  return { token: await issueUserToken(config, user), user: { ...toSessionUser(user), products } };
}

export async function registerUser({
  db,
  config,
  input,
}: Deps & { input: z.output<typeof RegisterInputSchema> }) {
  const referrer = input.referredBy ? await findReferrer({ db, refId: input.referredBy }) : null;
  await assertAvailable(db, input.email, input.username);
  const passwordHash = await hashPassword(input.password);

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            fullName: input.fullName,
            username: input.username,
            email: input.email,
            passwordHash,
            refId: newRefId(),
            referredById: referrer?.id ?? null,
          })
          .returning(sessionUserColumns);
        if (!created) throw new Error('insert returned no row');
        await notifyAdmins({
          db: tx,
          content: { code: 'USER_REGISTERED', params: { username: created.username } },
        });
        if (referrer) {
          await notifyUser({
            db: tx,
            userId: referrer.id,
            content: { code: 'REFERRAL_JOINED', params: { username: created.username } },
          });
        }
        return created;
      });
      // A new user has no listings yet.
      return { token: await issueUserToken(config, user), user: { ...toSessionUser(user), products: [] } };
    } catch (error) {
      if (isRefIdCollision(error)) continue; // draw again
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_unique') throw conflict('EMAIL_TAKEN');
      if (constraint === 'users_username_unique') throw conflict('USERNAME_TAKEN');
      throw error;
    }
  }
  throw new Error('could not draw a unique refID');
}

async function assertAvailable(db: Database, email: string, username: string) {
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} or lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(2);
  if (taken.some((row) => row.email.toLowerCase() === email)) throw conflict('EMAIL_TAKEN');
  if (taken.length > 0) throw conflict('USERNAME_TAKEN');
}

export async function loginUser({
  db,
  config,
  input,
  clientAddress,
  device,
  sendMail,
}: Deps & {
  input: z.output<typeof LoginInputSchema>;
  clientAddress: string;
  device: DeviceContext;
  sendMail: (mail: Mail) => void;
}) {
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  const signedIn = await signInWithPassword({
    db,
    config,
    kind: 'user',
    email: input.email,
    password: input.password,
    account: row,
    clientAddress,
    device,
    sendMail,
  });
  const { passwordHash: _passwordHash, language: _language, ...user } = signedIn.account;
  return { session: await startSession({ db, config }, user), deviceCookie: signedIn.deviceCookie };
}

// Signs in with a one-time link mailed by loginUser (decision 009).
export async function loginUserWithLink({
  db,
  config,
  input,
}: Deps & { input: z.output<typeof SignInLinkInputSchema> }) {
  const userId = await spendSignInLink({ db, token: input.token, kind: 'user' });
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(400, 'SIGN_IN_LINK_INVALID');
  return startSession({ db, config }, user);
}

// Always the same answer, whether or not the address has an account. Returns the mail to send (if any)
// so that the caller can send it without making the reply wait on the mail server.
// The mail is written in the language kept on the account, else in the asking request's (decision 055).
export async function requestPasswordReset({
  db,
  config,
  input,
  language,
}: Deps & { input: z.output<typeof ForgotPasswordInputSchema>; language?: Language }): Promise<
  Parameters<Mailer['send']>[0] | null
> {
  const [user] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email}`)
    .limit(1);
  if (!user) return null;
  // Note: a few reset mails an hour per recipient, whoever asks (the answer stays the same).
  if (!(await mayMailRecipient(db, config, user.email))) return null;
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    ...accountMails.passwordReset[mailLanguage(user.language, language)](user.fullName, link),
  };
}

export async function resetPassword({
  db,
  input,
}: {
  db: Database;
  input: z.output<typeof ResetPasswordInputSchema>;
}) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Note: the update both checks and spends the token, so two requests with one token cannot both win.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new AppError(400, 'RESET_TOKEN_INVALID');
    // A reset ends every session issued before it and spends the user's other reset links.
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, spent.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
  });
}

// Logging out ends the session on the server: raising the token version ends every token issued before
// it (decision 002), on this device and any other, as a password reset does.
export async function endUserSessions({ db, userId }: { db: Database; userId: string }) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

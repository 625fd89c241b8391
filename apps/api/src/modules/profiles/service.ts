import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { ProfileInputSchema } from '@marketplace/shared/schemas/profiles';
import { iso } from '../../db/card-sql';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { badRequest, notFound, validationError } from '../../lib/errors';
import { detectImageType, encodeWebp, UnreadableImageError } from '../../lib/images';
import type { MediaStorage } from '../../lib/media-storage';
import type { PaymentsProvider } from '../../providers/payments/index';
import { ensurePayoutSubaccount, verifyBankDetails } from '../banking/index';
import { toNotification } from '../notifications/index';
import { listUserProducts } from '../products/index';
import { latestReferrals, upline, uplineColumns } from '../referrals/index';
import type { ProfileForm } from './profile-form';

const NOTIFICATIONS_IN_PROFILE = 50;
const PROFILE_PICTURE_SIZE = 400;

// The fields of a user that the user (and an admin) may see: never the password hash, token version
// or subaccount code.
function toUserFields(
  user: typeof users.$inferSelect,
  upline: { id: string | null; username: string | null } | null,
) {
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    phoneNumber: user.phoneNumber,
    address: user.address,
    street: user.street,
    city: user.city,
    state: user.state,
    country: user.country,
    bio: user.bio,
    profilePicture: user.profilePicture,
    accountName: user.accountName,
    accountNumber: user.accountNumber,
    bankName: user.bankName,
    isVerified: user.isVerified,
    refID: user.refId,
    referredBy: upline?.id && upline.username ? { id: upline.id, username: upline.username } : null,
    createdAt: toIso(user.createdAt),
    updatedAt: toIso(user.updatedAt),
  };
}

// toUserFields in SQL, but for `referredBy`: the same fields of the user row `alias` as pairs of
// json_build_object's arguments, for a list whose JSON PostgreSQL writes (the admin's users, decision 084).
// admin/routes.test.ts holds the admin list's user to the profile's.
export function userFieldsSql(alias: string): string {
  return `'id', ${alias}.id, 'fullName', ${alias}.full_name, 'username', ${alias}.username, 'email', ${alias}.email,
    'phoneNumber', ${alias}.phone_number, 'address', ${alias}.address, 'street', ${alias}.street,
    'city', ${alias}.city, 'state', ${alias}.state, 'country', ${alias}.country, 'bio', ${alias}.bio,
    'profilePicture', ${alias}.profile_picture, 'accountName', ${alias}.account_name,
    'accountNumber', ${alias}.account_number, 'bankName', ${alias}.bank_name, 'isVerified', ${alias}.is_verified,
    'refID', ${alias}.ref_id, 'createdAt', ${iso(`${alias}.created_at`)}, 'updatedAt', ${iso(`${alias}.updated_at`)}`;
}

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<Me> {
  const [row] = await db
    .select({ user: users, upline: uplineColumns })
    .from(users)
    .leftJoin(upline, eq(users.referredById, upline.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();

  const [referrals, latestNotifications, ownProducts] = await Promise.all([
    latestReferrals({ db, userId }),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(NOTIFICATIONS_IN_PROFILE),
    listUserProducts({ db, ownerId: userId }),
  ]);

  return {
    ...toUserFields(row.user, row.upline),
    bankCode: row.user.bankCode,
    showContactDetails: row.user.showContactDetails,
    referrals,
    notifications: latestNotifications.map(toNotification),
    products: ownProducts,
  };
}

async function profilePictureFrom(bytes: Buffer): Promise<Buffer> {
  if (!(await detectImageType(bytes)))
    throw badRequest('PROFILE_PICTURE_INVALID', [{ path: 'image', code: 'PROFILE_PICTURE_INVALID' }]);
  try {
    return await encodeWebp(bytes, {
      width: PROFILE_PICTURE_SIZE,
      height: PROFILE_PICTURE_SIZE,
      fit: 'cover',
    });
  } catch (error) {
    if (error instanceof UnreadableImageError) {
      throw badRequest('PROFILE_PICTURE_INVALID', [{ path: 'image', code: 'PROFILE_PICTURE_INVALID' }]);
    }
    throw error;
  }
}

// PUT /userProfile/profile. Everything that can refuse the request (fields, e-mail, bank details,
// picture) is checked before anything is written; the profile is then written in one statement, so a
// refused save leaves the profile, the verified account and the media directory as they were.
// isSeller: the profile is complete and the bank account verified (spec §8's success message).
export async function updateProfile({
  db,
  payments,
  mediaStorage,
  log,
  userId,
  form,
}: {
  db: Database;
  payments: PaymentsProvider;
  mediaStorage: MediaStorage;
  log: FastifyBaseLogger;
  userId: string;
  form: ProfileForm;
}): Promise<{ profile: Me; isSeller: boolean }> {
  const parsed = ProfileInputSchema.safeParse(form.fields);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const input = parsed.data;

  const [current] = await db
    .select({
      email: users.email,
      profilePicture: users.profilePicture,
      isVerified: users.isVerified,
      accountName: users.accountName,
      accountNumber: users.accountNumber,
      bankName: users.bankName,
      bankCode: users.bankCode,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw notFound();
  // Note: the e-mail is the sign-in and reset address; it is shown on the form but cannot change here.
  if (input.email && input.email !== current.email.toLowerCase()) {
    throw badRequest('EMAIL_NOT_CHANGEABLE', [{ path: 'email', code: 'EMAIL_NOT_CHANGEABLE' }]);
  }

  // Note: verified only by an account the server resolved for this user; the client's isVerified is ignored.
  const bank = await verifyBankDetails({ db, userId, details: input, current });
  const picture = form.picture ? await profilePictureFrom(form.picture) : null;

  const stored = picture
    ? await mediaStorage.put(`profile-pictures/${randomUUID()}.webp`, picture, 'image/webp')
    : null;
  try {
    await db
      .update(users)
      .set({
        fullName: input.fullName,
        phoneNumber: input.phoneNumber,
        address: input.address,
        street: input.street,
        city: input.city,
        state: input.state,
        country: input.country,
        bio: input.bio,
        accountName: bank?.accountName ?? null,
        accountNumber: bank?.accountNumber ?? null,
        bankName: bank?.bankName ?? null,
        bankCode: bank?.bankCode ?? null,
        isVerified: bank !== null,
        ...(input.showContactDetails === undefined ? {} : { showContactDetails: input.showContactDetails }),
        ...(stored ? { profilePicture: stored.url } : {}),
      })
      .where(eq(users.id, userId));
  } catch (error) {
    if (stored)
      await mediaStorage
        .delete(stored.key)
        .catch((cleanupError: unknown) => log.warn({ err: cleanupError }, 'new profile picture not removed'));
    throw error;
  }

  const replacedKey =
    stored && current.profilePicture ? mediaStorage.keyFromUrl(current.profilePicture) : null;
  if (replacedKey) {
    await mediaStorage
      .delete(replacedKey)
      .catch((error: unknown) => log.warn({ err: error }, 'old profile picture not removed'));
  }

  // A verified seller gets their payout subaccount now; if the provider fails, the profile is saved
  // all the same and the subaccount is set up on demand (POST /payment/subaccount, or at checkout).
  if (bank) {
    await ensurePayoutSubaccount({ db, payments, userId }).catch((error: unknown) =>
      log.warn({ err: error, userId }, 'payout subaccount not set up; it will be set up on demand'),
    );
  }

  return { profile: await getMe({ db, userId }), isSeller: bank !== null };
}

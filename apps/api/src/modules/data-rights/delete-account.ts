import { and, eq, gt, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  adminNotifications,
  authFailures,
  bankResolutions,
  deliveryQuotes,
  donationRequests,
  events,
  favourites,
  media,
  messages,
  newsletterSubscriptions,
  notifications,
  orders,
  passwordResetTokens,
  products,
  sandboxPayments,
  signInLinks,
  transactions,
  userBlocks,
  users,
} from '../../db/schema';
import { takeAttempt } from '../../lib/attempt-limiter';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { withdrawOffersOfDeletedAccount } from '../offers/index';
import type { MediaStorage } from '../../lib/media-storage';
import { verifyPassword } from '../../lib/passwords';
import { deletedUsername } from '../accounts/index';

// What a deleted account is called from then on (decision 050): a username nobody can choose (usernames
// are letters and numbers only), a name that says so, and an e-mail address that cannot receive mail
// (`.invalid` is reserved for that, RFC 2606) and cannot collide with a real one.
export const DELETED_ACCOUNT_NAME = 'Deleted account';
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;
// Note: not an scrypt hash, so no password ever verifies against it.
const UNUSABLE_PASSWORD_HASH = '!deleted';
const WITHDRAWN_REASON = 'Withdrawn: the seller deleted their account.';

// The notification parameters that hold a username (packages/shared/src/notifications.ts).
const USERNAME_PARAMS = ['username', 'buyer', 'seller', 'giver', 'reporter'];
const usernameKeys = sql.raw(USERNAME_PARAMS.map((key) => `'${key}'`).join(', '));
const namesUser = (params: AnyColumn, username: string) =>
  or(...USERNAME_PARAMS.map((key) => sql`${params} ->> ${key} = ${username}`));
const renamedParams = (params: AnyColumn, from: string, to: string) =>
  sql`(select jsonb_object_agg(key, case when key in (${usernameKeys}) and value = to_jsonb(${from}::text) then to_jsonb(${to}::text) else value end) from jsonb_each(${params}))`;

// An order its buyer or seller still has to see through (decision 050): paid and not yet delivered or
// collected, or a checkout whose hold is still running (the buyer may be paying right now). A payment
// being refunded also keeps the account open until the refund is done.
async function hasOpenOrder(db: Database, userId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        or(
          and(eq(orders.status, 'paid'), isNull(orders.deliveredAt)),
          and(eq(orders.status, 'pending'), gt(orders.holdExpiresAt, new Date())),
        ),
      ),
    )
    .limit(1);
  if (open) return true;
  const [refunding] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'refund_pending')))
    .limit(1);
  return refunding !== undefined;
}

// DELETE /userProfile (Nigeria Data Protection Act 2023, §34(1)(d) and §36; decision 050). The password
// is checked first (a wrong one changes nothing); then, in one transaction, the person's details are
// erased, their listings withdrawn, and what only served them deleted. Orders, payments, reviews,
// messages and donations stay (the law and the other party need them) but name nobody any more: the
// account row stays as their anonymous anchor. Files (profile picture, listing pictures and videos) are
// removed once the transaction has committed.
export async function deleteAccount({
  db,
  config,
  mediaStorage,
  log,
  userId,
  password,
}: {
  db: Database;
  config: Config;
  mediaStorage: MediaStorage;
  log: FastifyBaseLogger;
  userId: string;
  password: string;
}): Promise<void> {
  // Note: a stolen session must not be able to guess the password here: the sign-in limit, per account.
  await takeAttempt(db, `delete-account:${userId}`, config.rateLimits.login);
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw notFound();
  if (!(await verifyPassword(password, current.passwordHash))) throw forbidden('PASSWORD_INCORRECT');

  const files = await db.transaction(async (tx) => {
    // The account row is locked first, so that two deletions (or a deletion and a profile save) queue.
    const [user] = await tx
      .select({ email: users.email, username: users.username, profilePicture: users.profilePicture })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound();

    // Withdrawn before the open orders are counted: a checkout that starts now finds nothing to buy.
    const listings = await tx
      .update(products)
      .set({ status: 'rejected', rejectionReason: WITHDRAWN_REASON, isAvailable: false })
      .where(eq(products.ownerId, userId))
      .returning({ id: products.id });
    if (await hasOpenOrder(tx, userId)) throw conflict('ACCOUNT_HAS_OPEN_ORDERS');

    const listingIds = listings.map((listing) => listing.id);
    if (listingIds.length > 0) {
      // Other people's saves of a withdrawn listing, and the requests for a withdrawn donation.
      await tx.delete(favourites).where(inArray(favourites.productId, listingIds));
      await tx
        .update(donationRequests)
        .set({ status: 'declined', decidedAt: new Date() })
        .where(and(inArray(donationRequests.productId, listingIds), eq(donationRequests.status, 'pending')));
    }
    await tx
      .update(donationRequests)
      .set({ status: 'withdrawn', decidedAt: new Date() })
      .where(and(eq(donationRequests.requesterId, userId), eq(donationRequests.status, 'pending')));
    await withdrawOffersOfDeletedAccount(tx, userId);

    // Every upload: listing pictures and videos (their links to listings go with them).
    const uploads = await tx
      .delete(media)
      .where(eq(media.ownerId, userId))
      .returning({ url: media.url, variants: media.variants });

    const email = deletedEmail(userId);
    // Payments keep their amounts and references for the retention period, but not the payer's address.
    const payments = await tx
      .update(transactions)
      .set({ customerEmail: email })
      .where(eq(transactions.userId, userId))
      .returning({ reference: transactions.reference });
    if (payments.length > 0) {
      await tx
        .update(sandboxPayments)
        .set({ email })
        .where(
          inArray(
            sandboxPayments.reference,
            payments.map((payment) => payment.reference),
          ),
        );
    }
    // A finished order's courier request holds both parties' names, phones and addresses.
    await tx
      .update(orders)
      .set({ courierRateRequest: null })
      .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)));
    // Messages to the account are kept for the other party; no digest is ever mailed for them.
    await tx
      .update(messages)
      .set({ digestedAt: new Date() })
      .where(and(eq(messages.recipientId, userId), isNull(messages.digestedAt)));

    // Other people's notifications (and the admins') name the account by username; that name is free again
    // and could soon be someone else's, so they now name the deleted account.
    for (const table of [notifications, adminNotifications]) {
      await tx
        .update(table)
        .set({ params: renamedParams(table.params, user.username, deletedUsername(userId)) })
        .where(namesUser(table.params, user.username));
    }
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(events).where(eq(events.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(signInLinks).where(eq(signInLinks.userId, userId));
    await tx.delete(bankResolutions).where(eq(bankResolutions.userId, userId));
    await tx.delete(deliveryQuotes).where(eq(deliveryQuotes.buyerId, userId));
    await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    await tx
      .delete(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${user.email})`);
    // Sign-in counters keyed by the old address (`user-login:<email>`, `...:<address>:<email>`, `mail:<email>`).
    await tx
      .delete(authFailures)
      .where(sql`right(${authFailures.key}, length(${user.email}) + 1) = ${`:${user.email.toLowerCase()}`}`);

    await tx
      .update(users)
      .set({
        fullName: DELETED_ACCOUNT_NAME,
        username: deletedUsername(userId),
        email,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        // Every session ends at once (decision 002).
        tokenVersion: sql`${users.tokenVersion} + 1`,
        // The old referral code stops referring anyone.
        refId: `deleted-${userId}`,
        phoneNumber: null,
        address: null,
        street: null,
        city: null,
        state: null,
        country: null,
        bio: null,
        profilePicture: null,
        accountName: null,
        accountNumber: null,
        bankName: null,
        bankCode: null,
        isVerified: false,
        subaccountCode: null,
        subaccountBankCode: null,
        subaccountAccountNumber: null,
        subaccountClaimExpiresAt: null,
        language: null,
      })
      .where(eq(users.id, userId));

    const urls = uploads.flatMap((upload) => [upload.url, ...upload.variants.map((variant) => variant.url)]);
    if (user.profilePicture) urls.push(user.profilePicture);
    return urls;
  });

  const keys = [...new Set(files.map((url) => mediaStorage.keyFromUrl(url)))].filter((key) => key !== null);
  await Promise.all(
    keys.map((key) =>
      mediaStorage
        .delete(key)
        .catch((error: unknown) => log.warn({ err: error, key }, 'file of a deleted account not removed')),
    ),
  );
}

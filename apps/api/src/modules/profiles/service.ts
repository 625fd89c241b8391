import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Me } from '@marketplace/shared/schemas/accounts';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';

const NOTIFICATIONS_IN_PROFILE = 50;

export async function getMe({ db, userId }: { db: Database; userId: string }): Promise<Me> {
  const upline = alias(users, 'upline');
  const [row] = await db
    .select({ user: users, upline: { id: upline.id, username: upline.username } })
    .from(users)
    .leftJoin(upline, eq(users.referredById, upline.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();

  const [referrals, latestNotifications] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referredById, userId))
      .orderBy(desc(users.createdAt)),
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(NOTIFICATIONS_IN_PROFILE),
  ]);

  const { user } = row;
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
    bankCode: user.bankCode,
    isVerified: user.isVerified,
    refID: user.refId,
    referredBy: row.upline?.id ? { id: row.upline.id, username: row.upline.username } : null,
    referrals: referrals.map((referral) => ({ ...referral, createdAt: toIso(referral.createdAt) })),
    notifications: latestNotifications.map((notification) => ({
      id: notification.id,
      message: notification.message,
      read: notification.read,
      createdAt: toIso(notification.createdAt),
    })),
    createdAt: toIso(user.createdAt),
    updatedAt: toIso(user.updatedAt),
  };
}

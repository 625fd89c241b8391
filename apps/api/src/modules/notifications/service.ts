import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminNotifications, notifications } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';

const LIST_LIMIT = 100;

type NotificationRow = { id: string; message: string; read: boolean; createdAt: Date };
const toNotification = (row: NotificationRow) => ({ ...row, createdAt: toIso(row.createdAt) });

export async function notifyUser({ db, userId, message }: { db: Database; userId: string; message: string }) {
  await db.insert(notifications).values({ userId, message });
}

export async function notifyAdmins({ db, message }: { db: Database; message: string }) {
  await db.insert(adminNotifications).values({ message });
}

export async function listUserNotifications({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select({ id: notifications.id, message: notifications.message, read: notifications.read, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toNotification);
}

// Note: the owner is part of the condition, so another user's notification is a 404, never a 403
// that would confirm it exists.
export async function markUserNotificationRead({ db, userId, id }: { db: Database; userId: string; id: string }) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toNotification(row);
}

export async function markAllUserNotificationsRead({ db, userId }: { db: Database; userId: string }) {
  await db.update(notifications).set({ read: true }).where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

export async function listAdminNotifications({ db }: { db: Database }) {
  const rows = await db.select().from(adminNotifications).orderBy(desc(adminNotifications.createdAt)).limit(LIST_LIMIT);
  return rows.map(toNotification);
}

export async function markAdminNotificationRead({ db, id }: { db: Database; id: string }) {
  const [row] = await db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.id, id)).returning();
  if (!row) throw notFound();
  return toNotification(row);
}

export async function markAllAdminNotificationsRead({ db }: { db: Database }) {
  await db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.read, false));
}

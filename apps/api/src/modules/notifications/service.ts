import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { renderNotification, type NotificationCode, type NotificationContent } from '@marketplace/shared/notifications';
import type { Database } from '../../db/client';
import { adminNotifications, notifications } from '../../db/schema';
import { timeIdPage, timeIdPaging } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';

const LIST_LIMIT = 100;

type NotificationRow = { id: string; code: NotificationCode; params: Record<string, string>; read: boolean; createdAt: Date };

// The reply keeps the spec's `message` (in English, for clients that only read that) beside the code and
// parameters the web app renders in the reader's language.
export const toNotification = (row: NotificationRow) => ({
  id: row.id,
  message: renderNotification(row.code, row.params),
  code: row.code,
  params: row.params,
  read: row.read,
  createdAt: toIso(row.createdAt),
});

// The one way to notify: a code and its parameters, never a sentence. `db` may be a transaction, so the
// notification is written with the change it is about.
export async function notifyUser({ db, userId, content }: { db: Database; userId: string; content: NotificationContent }) {
  await db.insert(notifications).values({ userId, code: content.code, params: content.params });
}

export async function notifyAdmins({ db, content }: { db: Database; content: NotificationContent }) {
  await db.insert(adminNotifications).values({ code: content.code, params: content.params });
}

export async function listUserNotifications({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select()
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

// Paged by cursor, newest first, so a flood of notices cannot bury older ones (issue 9); `unread` counts
// them all.
export async function listAdminNotifications({ db, page }: { db: Database; page: PageQuery }) {
  const { after, orderBy } = timeIdPaging(adminNotifications, { cursor: page.cursor, direction: 'newest' });
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(adminNotifications)
      .where(after)
      .orderBy(...orderBy)
      .limit(page.pageSize + 1),
    db.select({ total: count() }).from(adminNotifications).where(eq(adminNotifications.read, false)),
  ]);
  const { items, nextCursor } = timeIdPage(rows, page.pageSize, (row) => row);
  return { items: items.map(toNotification), meta: { pageSize: page.pageSize, nextCursor, unread: unread?.total ?? 0 } };
}

export async function markAdminNotificationRead({ db, id }: { db: Database; id: string }) {
  const [row] = await db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.id, id)).returning();
  if (!row) throw notFound();
  return toNotification(row);
}

export async function markAllAdminNotificationsRead({ db }: { db: Database }) {
  await db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.read, false));
}

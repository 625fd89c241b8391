import { and, count, eq } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import {
  renderNotification,
  type NotificationCode,
  type NotificationContent,
} from '@marketplace/shared/notifications';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { NotificationEvent, NotificationsReadEvent } from '@marketplace/shared/schemas/events';
import type { Database } from '../../db/client';
import { adminNotifications, notifications } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { publishEvent, type EventAudience } from '../events/index';

type NotificationRow = {
  id: string;
  code: NotificationCode;
  params: Record<string, string>;
  read: boolean;
  createdAt: Date;
};

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

const userUnread = async (db: Database, userId: string) =>
  (
    await db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
  )[0]?.total ?? 0;

const adminUnread = async (db: Database) =>
  (await db.select({ total: count() }).from(adminNotifications).where(eq(adminNotifications.read, false)))[0]
    ?.total ?? 0;

// The one way to notify: a code and its parameters, never a sentence. `db` may be a transaction, so the
// notification is written with the change it is about. The reader's open pages get it live (a
// `notification` event with the unread count; decision 023), when the change commits.
export async function notifyUser({
  db,
  userId,
  content,
}: {
  db: Database;
  userId: string;
  content: NotificationContent;
}) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, code: content.code, params: content.params })
    .returning();
  if (!row) return;
  const data: NotificationEvent = { notification: toNotification(row), unread: await userUnread(db, userId) };
  await publishEvent(db, { to: { userId }, type: LIVE_EVENT_TYPES.notification, data });
}

export async function notifyAdmins({ db, content }: { db: Database; content: NotificationContent }) {
  const [row] = await db
    .insert(adminNotifications)
    .values({ code: content.code, params: content.params })
    .returning();
  if (!row) return;
  const data: NotificationEvent = { notification: toNotification(row), unread: await adminUnread(db) };
  await publishEvent(db, { to: { admins: true }, type: LIVE_EVENT_TYPES.notification, data });
}

// Marking read changes the badge in the reader's other tabs (and, for admins, every admin's).
async function publishRead(db: Database, to: EventAudience, unread: number) {
  const data: NotificationsReadEvent = { unread };
  await publishEvent(db, { to, type: LIVE_EVENT_TYPES.notificationsRead, data });
}

// The user's notifications, newest first, a page at a time by cursor (pageSize, cursor, meta.nextCursor).
export async function listUserNotifications({
  db,
  userId,
  page,
}: {
  db: Database;
  userId: string;
  page: PageQuery;
}) {
  const { after, orderBy, key } = microTimeIdPaging(notifications, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const rows = await db
    .select({ notification: notifications, key })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.notification.id,
  }));
  return {
    items: items.map((row) => toNotification(row.notification)),
    meta: { pageSize: page.pageSize, nextCursor },
  };
}

// Note: the owner is part of the condition, so another user's notification is a 404, never a 403
// that would confirm it exists.
export async function markUserNotificationRead({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: string;
  id: string;
}) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound();
  await publishRead(db, { userId }, await userUnread(db, userId));
  return toNotification(row);
}

export async function markAllUserNotificationsRead({ db, userId }: { db: Database; userId: string }) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  await publishRead(db, { userId }, await userUnread(db, userId));
}

// Paged by cursor, newest first, so a flood of notices cannot bury older ones (issue 9); `unread` counts
// them all.
export async function listAdminNotifications({ db, page }: { db: Database; page: PageQuery }) {
  const { after, orderBy, key } = microTimeIdPaging(adminNotifications, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const [rows, unread] = await Promise.all([
    db
      .select({ notification: adminNotifications, key })
      .from(adminNotifications)
      .where(after)
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1)),
    adminUnread(db),
  ]);
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.notification.id,
  }));
  return {
    items: items.map((row) => toNotification(row.notification)),
    meta: { pageSize: page.pageSize, nextCursor, unread },
  };
}

export async function markAdminNotificationRead({ db, id }: { db: Database; id: string }) {
  const [row] = await db
    .update(adminNotifications)
    .set({ read: true })
    .where(eq(adminNotifications.id, id))
    .returning();
  if (!row) throw notFound();
  await publishRead(db, { admins: true }, await adminUnread(db));
  return toNotification(row);
}

export async function markAllAdminNotificationsRead({ db }: { db: Database }) {
  await db.update(adminNotifications).set({ read: true }).where(eq(adminNotifications.read, false));
  await publishRead(db, { admins: true }, await adminUnread(db));
}

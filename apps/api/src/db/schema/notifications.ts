import type { NotificationCode } from '@marketplace/shared/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

// A notification is a code and its parameters (packages/shared/src/notifications.ts), rendered in the
// reader's language when read; never a finished English sentence.
const notificationContent = {
  code: text().$type<NotificationCode>().notNull(),
  params: jsonb().$type<Record<string, string>>().notNull().default({}),
};

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...notificationContent,
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);

export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    ...notificationContent,
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Newest first, a page at a time; the unread count reads only the unread ones (decision 052).
  (table) => [
    index('admin_notifications_created_idx').on(table.createdAt, table.id),
    index('admin_notifications_unread_idx')
      .on(table.createdAt)
      .where(sql`${table.read} = false`),
  ],
);

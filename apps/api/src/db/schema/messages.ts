import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './products';

// Messages between a listing's owner and one other user (issue 14, decision 024): one conversation per
// listing and user. `lastActivityAt` orders a user's list (the last message, or the opening).
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The listing's owner when the conversation was opened, and the other person (a buyer, or the
    // recipient of a donation).
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A conversation a buyer opened from the listing shows in the owner's list from its first message on;
    // one opened for both (a donation's hand-over) shows at once.
    listedForOwner: boolean().notNull().default(false),
    // The latest report of it: set once reported, an admin may read it.
    lastReportedAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_one_per_listing_and_user').on(table.productId, table.userId),
    index('conversations_owner_idx').on(table.ownerId, table.lastActivityAt),
    index('conversations_user_idx').on(table.userId, table.lastActivityAt),
    index('conversations_reported_idx')
      .on(table.lastReportedAt, table.id)
      .where(sql`${table.lastReportedAt} is not null`),
    check('conversations_two_people', sql`${table.ownerId} <> ${table.userId}`),
  ],
);

// A message: text only. `readAt` is set when its recipient opens the thread; `digestedAt` when an e-mail
// digest of unread messages carried it (one digest per unread batch).
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    digestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_unread_idx')
      .on(table.recipientId, table.conversationId)
      .where(sql`${table.readAt} is null`),
  ],
);

// Who blocked whom: a blocked user cannot send messages to the blocker.
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);

// A participant's report of a conversation: one each. An admin may read a reported conversation.
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversation_reports_one_per_user').on(table.conversationId, table.reporterId),
    index('conversation_reports_created_idx').on(table.createdAt, table.id),
  ],
);

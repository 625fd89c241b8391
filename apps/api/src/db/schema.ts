import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Columns are camelCase here and snake_case in SQL (casing: 'snake_case' in client.ts and drizzle.config.ts).

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    fullName: text().notNull(),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    // Raised on password reset: every token issued before it stops working.
    tokenVersion: integer().notNull().default(0),
    refId: text().notNull(),
    referredById: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    phoneNumber: text(),
    address: text(),
    street: text(),
    city: text(),
    state: text(),
    country: text(),
    bio: text(),
    profilePicture: text(),
    accountName: text(),
    accountNumber: text(),
    bankName: text(),
    bankCode: text(),
    isVerified: boolean().notNull().default(false),
    subaccountCode: text(),
    // The account the payment subaccount settles into: when the seller verifies another account, the
    // same subaccount is pointed at it (one subaccount per seller, paid into the verified account).
    subaccountBankCode: text(),
    subaccountAccountNumber: text(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_ref_id_unique').on(table.refId),
    index('users_referred_by_idx').on(table.referredById),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Note: only a SHA-256 of the token is stored; the token itself lives only in the e-mail.
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash), index().on(table.userId)],
);

export const admins = pgTable(
  'admins',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    fullName: text().notNull().default('Administrator'),
    passwordHash: text().notNull(),
    tokenVersion: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('admins_email_unique').on(sql`lower(${table.email})`)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_created_idx').on(table.userId, table.createdAt)],
);

export const adminNotifications = pgTable(
  'admin_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    message: text().notNull(),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_notifications_created_idx').on(table.createdAt)],
);

// A bank account the payment provider resolved for a user. Saving the profile with exactly these
// details is what makes the user verified (DESIGN.md: bank details are verified by the server).
export const bankResolutions = pgTable(
  'bank_resolutions',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    bankName: text().notNull(),
    accountName: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.bankCode, table.accountNumber] })],
);

// Failed sign-in attempts per key (address and e-mail), kept in the database so that every API
// process sees the same count.
export const authFailures = pgTable('auth_failures', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_unique').on(sql`lower(${table.email})`)],
);

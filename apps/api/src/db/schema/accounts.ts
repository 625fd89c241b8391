import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

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
    // While one request asks the provider to create or move the subaccount (no transaction is held across
    // that call), the time its claim lapses; null otherwise (ensurePayoutSubaccount, decision 081).
    subaccountClaimExpiresAt: timestamp({ withTimezone: true }),
    // Buyer protection's payouts (decision 058): the seller's transfer recipient, and the account
    // (bankCode:accountNumber) it pays into; a newly verified account gets a new recipient.
    transferRecipientCode: text(),
    transferRecipientAccount: text(),
    // The seller chose to show their e-mail and phone (and so WhatsApp) to every logged-in user; otherwise only
    // buyers with a paid order from them see them (issue 27).
    showContactDetails: boolean().notNull().default(false),
    // The language the user reads Oja in (the web app's `lang` cookie, else the browser's; decision 055), kept
    // on register, sign-in and profile save: the mails about their account are written in it (issue 32).
    language: text({ enum: ['en', 'fr', 'es'] }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    uniqueIndex('users_ref_id_unique').on(table.refId),
    // A user's referrals, newest first, a page at a time, and their count (decision 089).
    index('users_referred_by_idx').on(table.referredById, table.createdAt, table.id),
    // The admin users list, oldest first, a page at a time (decision 052).
    index('users_created_idx').on(table.createdAt, table.id),
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

// One-time sign-in links, mailed to the owner of an account under a password-guessing attack
// (decision 009): for a user or for an admin. Only a SHA-256 of the token is stored; single use, 15 minutes.
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid().references((): AnyPgColumn => admins.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sign_in_links_hash_unique').on(table.tokenHash),
    check('sign_in_links_one_account', sql`(${table.userId} is null) <> (${table.adminId} is null)`),
  ],
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

// Failed sign-in attempts per key (address and e-mail), kept in the database so that every API
// process sees the same count.
export const authFailures = pgTable('auth_failures', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  // The time of the latest password check booked for an account under attack (decision 048): checks are
  // paced one at a time, this far apart, across every API process.
  lastCheckAt: timestamp({ withTimezone: true }),
});

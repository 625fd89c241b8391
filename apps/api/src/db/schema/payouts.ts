import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  PAYOUT_STATUSES,
  type PayoutStatus,
} from '@marketplace/shared/schemas/payouts';
import { admins, users } from './accounts';
import { timestamps } from './columns';
import { orders } from './orders';

// Buyer protection (issue 29, decision 058): the seller's share of a paid order (kobo, the item's price less
// the platform's 10 percent; never the delivery fee), kept on the platform's balance until the buyer has the
// item. held → releasing (a transfer asked) → paid; held → disputed → refunding / releasing; releasing →
// failed (the bank refused; retried under a new reference) → releasing → paid; refunded ends it.

export type { PayoutStatus };
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // What the seller is paid: their share, less a partial refund a dispute decided.
    amount: integer().notNull(),
    status: text({ enum: PAYOUT_STATUSES }).notNull().default('held'),
    // The transfer under way or last made: our own reference (a new one for each attempt), Paystack's code.
    transferReference: text(),
    transferCode: text(),
    transferAttempts: integer().notNull().default(0),
    failureReason: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('payouts_order_unique').on(table.orderId),
    uniqueIndex('payouts_transfer_reference_unique').on(table.transferReference),
    index('payouts_seller_idx').on(table.sellerId),
    index('payouts_status_idx').on(table.status, table.createdAt),
    // The admin's list of every payout, newest first, a page at a time (issue 34).
    index('payouts_newest_idx').on(table.createdAt, table.id),
    check('payouts_amount', sql`${table.amount} >= 0`),
  ],
);

// A buyer's dispute about an order (one per order), or a chargeback the buyer's bank raised through Paystack.
export const disputes = pgTable(
  'disputes',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    reason: text({ enum: DISPUTE_REASONS }).notNull(),
    details: text().notNull().default(''),
    status: text({ enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    // A chargeback: Paystack's dispute id and the date by which Paystack wants an answer.
    isChargeback: boolean().notNull().default(false),
    providerDisputeId: text(),
    dueAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: DISPUTE_OUTCOMES }),
    // What goes back to the buyer (kobo): the whole payment, a partial amount, or nothing.
    refundAmount: integer(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('disputes_order_unique').on(table.orderId),
    index('disputes_status_idx').on(table.status, table.createdAt),
    // The admin's settled disputes, most recently settled first, a page at a time (decision 089).
    index('disputes_resolved_idx').on(table.status, table.resolvedAt, table.id),
  ],
);

// What the buyer, the seller and the admins write in a dispute, with photos (media URLs of our own uploads).
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    disputeId: uuid()
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorRole: text({ enum: ['buyer', 'seller', 'admin'] }).notNull(),
    authorId: uuid(),
    body: text().notNull(),
    photos: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A dispute's messages, newest first, a page at a time (issue 34): the id breaks ties of the same microsecond.
  (table) => [index('dispute_messages_dispute_idx').on(table.disputeId, table.createdAt, table.id)],
);

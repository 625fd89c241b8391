import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { orders } from './orders';

// spec §3, transaction: a payment for an order; amounts in kobo, unique by our own reference (sent to
// the provider). Statuses: pending, success, failed, abandoned (the hold ran out before a payment),
// refund_pending (paid after the item was sold to someone else; refund being asked), refunded.
export const transactions = pgTable(
  'transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    currency: text().notNull().default('NGN'),
    status: text({ enum: ['pending', 'success', 'failed', 'abandoned', 'refund_pending', 'refunded'] })
      .notNull()
      .default('pending'),
    // Why a payment was not completed: declined, amount_mismatch, currency_mismatch, item_sold.
    failureReason: text(),
    paymentMethod: text(),
    transactionId: text(),
    customerEmail: text().notNull(),
    // The provider's hosted payment page for this reference (given again to a buyer who comes back).
    authorizationUrl: text(),
    accessCode: text(),
    paidAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('transactions_reference_unique').on(table.reference),
    index('transactions_user_idx').on(table.userId, table.createdAt),
    index('transactions_order_idx').on(table.orderId),
    // The admin transactions list, newest first, a page at a time (decision 052).
    index('transactions_created_idx').on(table.createdAt, table.id),
  ],
);

// The payment sandbox's own books (DESIGN.md: the sandbox runs inside the app and keeps Paystack's
// semantics): what was initialized, paid, declined or refunded. Only the sandbox adapter uses it; it is
// a table so that every API process sees the same payments.
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text().primaryKey(),
  accessCode: text().notNull(),
  email: text().notNull(),
  amount: integer().notNull(),
  currency: text().notNull(),
  // Empty for a payment collected to the platform's balance (protected payouts).
  subaccount: text(),
  transactionCharge: integer().notNull().default(0),
  refundedAmount: integer().notNull().default(0),
  callbackUrl: text().notNull(),
  metadata: jsonb().notNull().default({}),
  status: text({ enum: ['abandoned', 'success', 'failed', 'reversed'] })
    .notNull()
    .default('abandoned'),
  providerId: integer().generatedAlwaysAsIdentity(),
  paidAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// The sandbox's transfers (payouts to sellers): pending, then paid after a short step, or failed for the
// documented always-failing account (README).
export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text().primaryKey(),
  transferCode: text().notNull(),
  recipientCode: text().notNull(),
  amount: integer().notNull(),
  status: text({ enum: ['pending', 'success', 'failed', 'reversed'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

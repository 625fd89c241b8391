import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { products } from './products';

// A request for a donated item (decision 025): one per user per item. The giver accepts one (the item is
// then given away, see `donations`); the others are declined; a requester may withdraw a pending one.
export const donationRequests = pgTable(
  'donation_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    status: text({ enum: ['pending', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('donation_requests_one_per_user').on(table.productId, table.requesterId),
    // Note: the last guard against giving an item twice: at most one accepted request per item.
    uniqueIndex('donation_requests_one_accepted')
      .on(table.productId)
      .where(sql`${table.status} = 'accepted'`),
    // A requester's requests and an item's, newest first, a page at a time (decision 090).
    index('donation_requests_requester_idx').on(table.requesterId, table.createdAt, table.id),
    index('donation_requests_product_idx').on(table.productId, table.createdAt, table.id),
  ],
);

// An item given away (decision 025): written when the giver picks a recipient. It outlives the listing
// (productId is cleared when the listing is deleted), so the impact figures keep counting it.
export const donations = pgTable(
  'donations',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    giverId: uuid().references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    category: text({ enum: ['Clothes', 'Electronics', 'Household-Items', 'Accessories'] }).notNull(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('donations_product_unique').on(table.productId),
    index('donations_giver_idx').on(table.giverId),
    index('donations_recipient_idx').on(table.recipientId),
  ],
);

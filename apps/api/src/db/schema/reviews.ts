import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';

// A buyer's rating of the seller after an order reached them (issue #14, reviews; decision 026): one per
// order (the unique index is the last guard against a second), 1 to 5 stars with a short text; the seller
// may answer once.
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    text: text().notNull(),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_one_per_order').on(table.orderId),
    index('reviews_seller_created_idx').on(table.sellerId, table.createdAt, table.id),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

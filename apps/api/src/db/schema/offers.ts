import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';
import { conversations } from './messages';
import { products } from './products';

// The statuses are packages/shared's OFFER_STATUSES.
// An offer on a listing for sale (issue 30, decision 061). Amounts are whole naira, like the listing's price.
// `expiresAt`: when the pending offer (or the seller's counter) expires unanswered; `holdExpiresAt`: until
// when an accepted offer holds the item for its buyer at `agreedAmount`.
export const offers = pgTable(
  'offers',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid().references(() => conversations.id, { onDelete: 'set null' }),
    amount: integer().notNull(),
    counterAmount: integer(),
    agreedAmount: integer(),
    status: text({
      enum: ['pending', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'ended', 'completed'],
    })
      .notNull()
      .default('pending'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    holdExpiresAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // One open offer per buyer per listing.
    uniqueIndex('offers_one_open_per_buyer')
      .on(table.productId, table.buyerId)
      .where(sql`${table.status} in ('pending', 'countered')`),
    index('offers_buyer_idx').on(table.buyerId, table.createdAt),
    index('offers_seller_idx').on(table.sellerId, table.createdAt),
    index('offers_product_idx').on(table.productId, table.status),
    // The sweep's reads: open offers by their deadline, accepted ones by their hold's.
    index('offers_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} in ('pending', 'countered')`),
    index('offers_accepted_hold_idx')
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'accepted'`),
  ],
);

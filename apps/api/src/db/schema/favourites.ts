import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './products';

// A user's saved listing (issue #14, favourites; decision 026): one row per user and listing. A deleted
// listing takes its saves with it; a sold one stays saved and shows as no longer available.
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('favourites_user_created_idx').on(table.userId, table.createdAt),
    // The savers of a listing, told when its price drops or someone starts paying for it.
    index('favourites_product_idx').on(table.productId),
  ],
);

import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './products';

// A user's report of a listing (decision 022): one per user per listing. Reports an admin has not yet
// reviewed (reviewedAt null) count towards hiding the listing; a decision on the listing reviews them.
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text({
      enum: ['scam', 'prohibited', 'counterfeit', 'misleading', 'unavailable', 'offensive', 'other'],
    }).notNull(),
    note: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    // The admin's decision on the listing answered the report: upheld (rejected) or dismissed (approved again).
    // A reporter's dismissed reports lower the weight of their later ones (decision 049).
    outcome: text({ enum: ['upheld', 'dismissed'] }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('listing_reports_one_per_user').on(table.productId, table.reporterId),
    index('listing_reports_reporter_idx').on(table.reporterId),
    // A listing's reports, newest first, a page at a time (decision 090).
    index('listing_reports_product_idx').on(table.productId, table.createdAt, table.id),
  ],
);

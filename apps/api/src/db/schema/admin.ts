import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from './accounts';

// Who did what to which listing, with the listing before and after (issue: admin area).
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text().notNull(),
    action: text().notNull(),
    productId: uuid(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A listing's log, newest first, a page at a time (issue 34): the id breaks ties of the same microsecond.
  (table) => [index('admin_audit_log_product_idx').on(table.productId, table.createdAt, table.id)],
);

import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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

import { timestamp } from 'drizzle-orm/pg-core';

// Columns are camelCase here and snake_case in SQL (casing: 'snake_case' in client.ts and drizzle.config.ts).

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

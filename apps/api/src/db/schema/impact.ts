import { bigint, bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The platform's impact counter (decisions 025 and 092): items sold (paid orders) and given away, per category.
// Triggers on orders and donations (migration 0032) write each change as a row of `impact_changes`, without
// locking a shared counter; foldImpactChanges adds them into `impact_tally` every minute. A read sums both: a
// few rows, however many orders there are.
export const impactTally = pgTable(
  'impact_tally',
  {
    category: text().notNull(),
    kind: text({ enum: ['sold', 'given'] }).notNull(),
    items: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.category, table.kind] })],
);

export const impactChanges = pgTable('impact_changes', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  category: text().notNull(),
  kind: text({ enum: ['sold', 'given'] }).notNull(),
  // +1 or -1 (a paid order refunded, a donation deleted with its giver's data).
  items: integer().notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

// Live events (decision 023): what the event stream (GET /api/events) sends, for one user or for the
// admins. `id` is the stream's event id. `tx` is the writing transaction's id: streams deliver in
// (tx, id) order and only once every older transaction has ended, so an event whose transaction commits
// late is never skipped by a reader that already passed a higher id. Rows older than a day are swept.
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tx: bigint({ mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    // One user, or (null) every admin.
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    admins: boolean().notNull().default(false),
    type: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_position_idx').on(table.tx, table.id),
    index('events_user_position_idx').on(table.userId, table.tx, table.id),
    index('events_created_idx').on(table.createdAt),
    check('events_one_audience', sql`(${table.userId} is null) = ${table.admins}`),
  ],
);

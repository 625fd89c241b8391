import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Live events (decision 023). publishEvent is the one way to send one: it writes the row in the caller's
// transaction and signals the channel there too, so a rolled-back change sends nothing and the signal
// reaches the listeners when the change commits. Each API process listens on the channel once
// (events/hub.ts) and reads the new rows from the table; the signal itself carries nothing.

export const EVENTS_CHANNEL = 'oja_events';
// How long events are kept for a stream that resumes (Last-Event-ID); older rows are swept.
export const EVENTS_KEPT_MS = 24 * 60 * 60_000;

export type EventAudience = { userId: string } | { admins: true };

export async function publishEvent(
  db: Database,
  event: { to: EventAudience; type: string; data: unknown },
): Promise<void> {
  const userId = 'userId' in event.to ? event.to.userId : null;
  // One statement: the row and the signal stand or fall together. An empty payload lets PostgreSQL fold
  // the signals of one transaction into one.
  await db.execute(sql`
    with written as (
      insert into events (user_id, admins, type, data)
      values (${userId}, ${userId === null}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, '') from written`);
}

// A place in the stream: events are delivered in (tx, id) order. See the `events` table in db/schema.ts.
export type Position = { tx: number; id: number };
export const START: Position = { tx: 0, id: 0 };

export const isAfter = (a: Position, b: Position) => a.tx > b.tx || (a.tx === b.tx && a.id > b.id);

export type StoredEvent = Position & { userId: string | null; type: string; data: string };

type EventRow = {
  id: string;
  tx: string;
  user_id: string | null;
  type: string;
  data: string;
  horizon: string;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// The events after `after` (for one audience, or all), oldest first, and whether more are written but
// not yet deliverable: an event is deliverable once every transaction older than its own has ended (its
// transaction id is below the oldest one still running), so none can appear before it later.
export async function readEventsAfter(
  db: Database,
  { after, audience, limit }: { after: Position; audience: EventAudience | null; limit: number },
): Promise<{ events: StoredEvent[]; heldBack: boolean; full: boolean }> {
  const who =
    audience === null
      ? sql`true`
      : 'userId' in audience
        ? sql`e.user_id = ${audience.userId}`
        : sql`e.admins`;
  const rows = rowsOf<EventRow>(
    await db.execute(sql`
      select e.id::text as id, e.tx::text as tx, e.user_id, e.type, e.data::text as data,
             (pg_snapshot_xmin(pg_current_snapshot())::text) as horizon
      from events e
      where ${who} and (e.tx, e.id) > (${after.tx}, ${after.id})
      order by e.tx, e.id
      limit ${limit}`),
  );
  const events: StoredEvent[] = [];
  let heldBack = false;
  for (const row of rows) {
    const tx = Number(row.tx);
    if (tx >= Number(row.horizon)) {
      heldBack = true;
      break;
    }
    events.push({ id: Number(row.id), tx, userId: row.user_id, type: row.type, data: row.data });
  }
  return { events, heldBack, full: rows.length === limit };
}

// Where the stream stands now: the last deliverable event (START when there is none).
export async function currentPosition(db: Database): Promise<Position> {
  const [row] = rowsOf<{ id: string; tx: string }>(
    await db.execute(sql`
      select id::text as id, tx::text as tx from events
      where tx < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
      order by tx desc, id desc limit 1`),
  );
  return row ? { tx: Number(row.tx), id: Number(row.id) } : START;
}

// The position of a client's last event id: null when it is unknown (swept, or never existed). "0" is
// the start (the client connected while no event had been written).
export async function positionOf(db: Database, lastEventId: string): Promise<Position | null> {
  if (!/^\d{1,15}$/.test(lastEventId)) return null;
  const id = Number(lastEventId);
  if (id === 0) return START;
  const [row] = rowsOf<{ tx: string }>(
    await db.execute(sql`select tx::text as tx from events where id = ${id}`),
  );
  return row ? { tx: Number(row.tx), id } : null;
}

export async function sweepEvents(db: Database, olderThanMs = EVENTS_KEPT_MS): Promise<number> {
  const [row] = rowsOf<{ swept: number }>(
    await db.execute(sql`
      with swept as (delete from events where created_at < now() - make_interval(secs => ${olderThanMs / 1000}) returning 1)
      select count(*)::int as swept from swept`),
  );
  return row?.swept ?? 0;
}

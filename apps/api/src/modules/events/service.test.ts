import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { events } from '../../db/schema';
import { sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';
import { moderate } from '../../../test/listings';
import {
  currentPosition,
  positionOf,
  publishEvent,
  readEventsAfter,
  START,
  sweepEvents,
  type Position,
} from './service';

let testApp: TestApp;
let db: Database;
beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.app.db;
});
afterAll(async () => {
  await testApp.close();
});

const parsed = (list: { type: string; data: string }[]) =>
  list.map((event) => ({ type: event.type, data: JSON.parse(event.data) as unknown }));

async function eventsFor(audience: { userId: string } | { admins: true }, after: Position = START) {
  return parsed((await readEventsAfter(db, { after, audience, limit: 1000 })).events);
}

describe('publishEvent', () => {
  it('writes an event for one user that another user’s reading never returns', async () => {
    const one = await registerUser(testApp.app);
    const two = await registerUser(testApp.app);
    await publishEvent(db, { to: { userId: one.user.id }, type: 'test', data: { hello: 'one' } });
    expect(await eventsFor({ userId: one.user.id })).toEqual([{ type: 'test', data: { hello: 'one' } }]);
    expect(await eventsFor({ userId: two.user.id })).toEqual([]);
  });

  it('sends nothing for a change that is rolled back', async () => {
    const user = await registerUser(testApp.app);
    await expect(
      db.transaction(async (tx) => {
        await publishEvent(tx, { to: { userId: user.user.id }, type: 'test', data: { n: 1 } });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsFor({ userId: user.user.id })).toEqual([]);
  });

  it('holds back an event until its transaction has ended', async () => {
    const user = await registerUser(testApp.app);
    const before = await currentPosition(db);
    await db.transaction(async (tx) => {
      await publishEvent(tx, { to: { userId: user.user.id }, type: 'test', data: { n: 1 } });
      // Seen from inside: written, not yet deliverable.
      const inside = await readEventsAfter(tx, {
        after: before,
        audience: { userId: user.user.id },
        limit: 10,
      });
      expect(inside).toMatchObject({ events: [], heldBack: true });
    });
    const after = await readEventsAfter(db, { after: before, audience: { userId: user.user.id }, limit: 10 });
    expect(after).toMatchObject({ heldBack: false, events: [{ type: 'test' }] });
  });

  it('delivers a late-committing older transaction’s event before a newer one (no reader skips it)', async () => {
    // Two connections: on PostgreSQL a second pool to the same database; PGlite has one connection, so
    // there the older transaction is the reader's own (as in the test above).
    const user = await registerUser(testApp.app);
    const audience = { userId: user.user.id };
    const before = await currentPosition(db);
    if (!testApp.databaseUrl) {
      await db.transaction(async (older) => {
        await publishEvent(older, { to: audience, type: 'older', data: {} });
        expect((await readEventsAfter(older, { after: before, audience, limit: 10 })).heldBack).toBe(true);
      });
      expect(await eventsFor(audience, before)).toEqual([{ type: 'older', data: {} }]);
      return;
    }
    const second = await openDatabase({ databaseUrl: testApp.databaseUrl, dataDir: null });
    try {
      let releaseOlder!: () => void;
      const olderMayCommit = new Promise<void>((resolve) => (releaseOlder = resolve));
      let olderWrote!: () => void;
      const olderHasWritten = new Promise<void>((resolve) => (olderWrote = resolve));
      const older = second.db.transaction(async (tx) => {
        // The older transaction takes its id first but writes its event after the newer one.
        await tx.execute(sql`select pg_current_xact_id()`);
        olderWrote();
        await olderMayCommit;
        await publishEvent(tx, { to: audience, type: 'older', data: {} });
      });
      await olderHasWritten;
      await publishEvent(db, { to: audience, type: 'newer', data: {} });
      // The newer one has committed, but an older transaction is still running: nothing is delivered yet.
      expect(await readEventsAfter(db, { after: before, audience, limit: 10 })).toMatchObject({
        events: [],
        heldBack: true,
      });
      releaseOlder();
      await older;
      // The older transaction's event comes first although its id is higher.
      const delivered = await readEventsAfter(db, { after: before, audience, limit: 10 });
      expect(delivered.events.map((event) => event.type)).toEqual(['older', 'newer']);
      expect(delivered.events[0]!.id).toBeGreaterThan(delivered.events[1]!.id);
    } finally {
      await second.close();
    }
  });

  it('finds the position of a known event id, the start for "0", and nothing for others', async () => {
    const user = await registerUser(testApp.app);
    await publishEvent(db, { to: { userId: user.user.id }, type: 'test', data: {} });
    const [row] = await db
      .select()
      .from(events)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(await positionOf(db, String(row!.id))).toEqual({ tx: row!.tx, id: row!.id });
    expect(await positionOf(db, '0')).toEqual(START);
    expect(await positionOf(db, '99999999999')).toBeNull();
    expect(await positionOf(db, '12; drop table events')).toBeNull();
    expect(await positionOf(db, '-1')).toBeNull();
  });

  it('sweeps events older than the kept window and keeps newer ones', async () => {
    const user = await registerUser(testApp.app);
    await publishEvent(db, { to: { userId: user.user.id }, type: 'old', data: {} });
    await db.execute(sql`update events set created_at = now() - interval '25 hours' where type = 'old'`);
    await publishEvent(db, { to: { userId: user.user.id }, type: 'new', data: {} });
    expect(await sweepEvents(db)).toBeGreaterThanOrEqual(1);
    expect((await eventsFor({ userId: user.user.id })).map((event) => event.type)).toEqual(['new']);
  });
});

describe('notifications are live events', () => {
  it('a notification to a user is an event with the notification and the unread count; marking read is one too', async () => {
    const { seller, product } = await sellerWithListing(testApp.app, { status: 'pending' });
    const admin = await loginAsAdmin(testApp.app);
    const before = await currentPosition(db);
    const approved = await moderate(testApp.app, admin.token, product.id);
    expect(approved.statusCode).toBe(200);
    const list = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json<{ data: unknown[] }>().data;
    expect(await eventsFor({ userId: seller.user.id }, before)).toEqual([
      { type: 'notification', data: { notification: list[0], unread: 1 } },
    ]);

    const afterApproval = await currentPosition(db);
    const marked = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/notify/notifications/mark-read',
      headers: bearer(seller.token),
    });
    expect(marked.statusCode).toBe(200);
    expect(await eventsFor({ userId: seller.user.id }, afterApproval)).toEqual([
      { type: 'notifications-read', data: { unread: 0 } },
    ]);
  });

  it('a notification to the admins is an event for the admins only', async () => {
    const admin = await loginAsAdmin(testApp.app);
    const before = await currentPosition(db);
    const user = await registerUser(testApp.app);
    const adminEvents = await eventsFor({ admins: true }, before);
    expect(adminEvents).toHaveLength(1);
    expect(adminEvents[0]).toMatchObject({
      type: 'notification',
      data: {
        notification: { code: 'USER_REGISTERED', params: { username: user.user.username }, read: false },
        unread: expect.any(Number),
      },
    });
    const unread = (
      await testApp.app.inject({ url: '/api/notifyAdmin/notifications', headers: bearer(admin.token) })
    ).json<{ meta: { unread: number } }>().meta.unread;
    expect((adminEvents[0]!.data as { unread: number }).unread).toBe(unread);
    expect(await eventsFor({ userId: user.user.id }, before)).toEqual([]);
  });
});

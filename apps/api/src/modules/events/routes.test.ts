import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signToken } from '../../lib/tokens';
import { sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../../../test/helper';
import { moderate } from '../../../test/listings';
import { listeningUrl, openStream, ticketFor, type SseEvent, type SseStream } from '../../../test/sse';
import { notifyUser } from '../notifications/service';
import { publishEvent } from './service';

let testApp: TestApp;
let baseUrl: string;
const streams: SseStream[] = [];
beforeAll(async () => {
  testApp = await buildTestApp({
    config: {
      events: {
        enabled: true,
        heartbeatMs: 300,
        ticketSeconds: 60,
        maxStreamMs: 30 * 60_000,
        maxStreamsPerReader: 3,
      },
    },
  });
  baseUrl = await listeningUrl(testApp.app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await testApp.close();
});

const db = () => testApp.app.db;
const secret = () => testApp.config.jwtSecret;

async function open(
  ticket: string,
  options: { lastEventId?: string; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const stream = await openStream(baseUrl, { ticket, ...options });
  streams.push(stream);
  return stream;
}

async function connectedUser() {
  const user = await registerUser(testApp.app);
  const stream = await open(await ticketFor(testApp.app, user.token));
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === 'ready');
  return { user, stream };
}

const say = (userId: string, text: string) =>
  notifyUser({ db: db(), userId, content: { code: 'TEXT', params: { text } } });
const isText = (text: string) => (event: SseEvent) =>
  event.event === 'notification' &&
  (event.data as { notification: { params: { text?: string } } }).notification.params.text === text;
const textsOf = (events: SseEvent[]) =>
  events
    .filter((event) => event.event === 'notification')
    .map((event) => (event.data as { notification: { params: { text: string } } }).notification.params.text);

describe('POST /api/events/ticket', () => {
  it('gives a signed-in user or admin a short-lived ticket, and a visitor 401', async () => {
    const user = await registerUser(testApp.app);
    const admin = await loginAsAdmin(testApp.app);
    for (const token of [user.token, admin.token]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        ok: true,
        data: { ticket: expect.any(String), expiresInSeconds: 60 },
      });
    }
    const visitor = await testApp.app.inject({ method: 'POST', url: '/api/events/ticket' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ ok: false, error: { code: 'LOGIN_REQUIRED' } });
  });

  it('is not a bearer token, and a bearer token is not a ticket', async () => {
    const user = await registerUser(testApp.app);
    const ticket = await ticketFor(testApp.app, user.token);
    const asBearer = await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(ticket) });
    expect(asBearer.statusCode).toBe(401);
    const asTicket = await testApp.app.inject({ url: `/api/events?ticket=${user.token}` });
    expect(asTicket.statusCode).toBe(401);
    expect(asTicket.json()).toMatchObject({
      ok: false,
      error: { code: 'EVENT_TICKET_INVALID' },
      requestId: expect.any(String),
    });
  });

  it('is still not a bearer token once it opened a stream, nor a used bearer token a ticket', async () => {
    const user = await registerUser(testApp.app);
    const ticket = await ticketFor(testApp.app, user.token);
    const stream = await open(ticket);
    await stream.next((event) => event.event === 'ready');
    expect(
      (await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(user.token) }))
        .statusCode,
    ).toBe(200);
    const asBearer = await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(ticket) });
    expect(asBearer.statusCode).toBe(401);
    const asTicket = await testApp.app.inject({ url: `/api/events?ticket=${user.token}` });
    expect(asTicket.statusCode).toBe(401);
  });
});

describe('GET /api/events', () => {
  it('streams text/event-stream, uncompressed and uncached, starting with ready, then notifications live, with heartbeats', async () => {
    const { seller, product } = await sellerWithListing(testApp.app, { status: 'pending' });
    const stream = await open(await ticketFor(testApp.app, seller.token), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    const ready = await stream.next();
    expect(ready).toMatchObject({
      event: 'ready',
      data: { resumed: false },
      id: expect.stringMatching(/^\d+$/),
    });

    const admin = await loginAsAdmin(testApp.app);
    const approved = await moderate(testApp.app, admin.token, product.id);
    expect(approved.statusCode).toBe(200);
    const live = await stream.next();
    expect(live.event).toBe('notification');
    expect(Number(live.id)).toBeGreaterThan(Number(ready.id));
    const [stored] = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json<{ data: unknown[] }>().data;
    expect(live.data).toEqual({ notification: stored, unread: 1 });

    // Heartbeats every 300 ms here (20 s by default).
    for (let waited = 0; !stream.comments.includes('heartbeat') && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stream.comments).toContain('heartbeat');
  });

  it('gives the admins’ events to an admin’s stream and never to a user’s', async () => {
    const admin = await loginAsAdmin(testApp.app);
    const adminStream = await open(await ticketFor(testApp.app, admin.token));
    await adminStream.next((event) => event.event === 'ready');
    const { user, stream: userStream } = await connectedUser();

    // A new account notifies the admins.
    const newcomer = await registerUser(testApp.app);
    const registered = (event: SseEvent) =>
      event.event === 'notification' &&
      (event.data as { notification: { params: { username?: string } } }).notification.params.username ===
        newcomer.user.username;
    const forAdmins = await adminStream.next(registered);
    expect(forAdmins.data).toMatchObject({
      notification: { code: 'USER_REGISTERED' },
      unread: expect.any(Number),
    });
    // Events come in order: had the user been sent the admins' event, it would come before this one.
    await say(user.user.id, 'only yours');
    await userStream.next(isText('only yours'));
    expect(userStream.events.map((event) => event.event)).toEqual(['ready', 'notification']);
  });

  it('never gives one user’s events to another', async () => {
    const one = await connectedUser();
    const two = await connectedUser();
    await say(two.user.user.id, 'for two');
    await say(one.user.user.id, 'for one');
    await one.stream.next(isText('for one'));
    await two.stream.next(isText('for two'));
    expect(textsOf(one.stream.events)).toEqual(['for one']);
    expect(textsOf(two.stream.events)).toEqual(['for two']);
  });

  it('refuses a missing, tampered, expired or foreign-signed ticket with 401 and the envelope', async () => {
    const user = await registerUser(testApp.app);
    const ticket = await ticketFor(testApp.app, user.token);
    const [head, payload, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const otherUser = await registerUser(testApp.app);
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherUser.user.id })).toString('base64url');
    const expired = await signToken(
      secret(),
      { subject: user.user.id, audience: 'events-user', version: 0 },
      -10,
    );
    const foreign = await signToken(
      'another-secret-that-is-long-enough-for-hs256',
      { subject: user.user.id, audience: 'events-user', version: 0 },
      60,
    );
    const asAdmin = `${head}.${Buffer.from(JSON.stringify({ ...claims, aud: 'events-admin' })).toString('base64url')}.${signature}`;
    for (const bad of [
      undefined,
      '',
      'not-a-ticket',
      `${head}.${forged}.${signature}`,
      asAdmin,
      expired,
      foreign,
    ]) {
      const response = await testApp.app.inject({
        url: bad === undefined ? '/api/events' : `/api/events?ticket=${encodeURIComponent(bad)}`,
      });
      expect(response.statusCode, String(bad)).toBe(401);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'EVENT_TICKET_INVALID' } });
    }
  });

  it('refuses the ticket of a session ended since (password changed)', async () => {
    const user = await registerUser(testApp.app);
    const ticket = await ticketFor(testApp.app, user.token);
    await db()
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.user.id));
    expect((await testApp.app.inject({ url: `/api/events?ticket=${ticket}` })).statusCode).toBe(401);
  });

  it('lets one reader hold a few streams in a process, then answers 429', async () => {
    const user = await registerUser(testApp.app);
    for (let index = 0; index < 3; index++) {
      const stream = await open(await ticketFor(testApp.app, user.token));
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
    }
    const refused = await testApp.app.inject({
      url: `/api/events?ticket=${await ticketFor(testApp.app, user.token)}`,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('keeps the ticket out of the request log line', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ logStream: { write: (line) => lines.push(line) } });
    try {
      const user = await registerUser(logged.app);
      const ticket = await ticketFor(logged.app, user.token);
      await logged.app.inject({ url: `/api/events?ticket=${ticket}x` });
      expect(lines.join('\n')).not.toContain(ticket);
      expect(lines.join('\n')).toContain('ticket=[redacted]');
    } finally {
      await logged.close();
    }
  });
});

describe('resuming a dropped stream', () => {
  it('with Last-Event-ID loses no notification and repeats none', async () => {
    const { user, stream } = await connectedUser();
    await say(user.user.id, 'one');
    const first = await stream.next(isText('one'));
    stream.close();
    await stream.ended;
    // Missed while away.
    await say(user.user.id, 'two');
    await say(user.user.id, 'three');

    const again = await open(await ticketFor(testApp.app, user.token), { lastEventId: first.id });
    await again.next(isText('three'));
    const ready = await again.next((event) => event.event === 'ready');
    expect(ready.data).toEqual({ resumed: true });
    await say(user.user.id, 'four');
    await again.next(isText('four'));
    expect(textsOf(again.events)).toEqual(['two', 'three', 'four']);
    const ids = again.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('with ?lastEventId= (a new EventSource after a fresh ticket) does the same', async () => {
    const { user, stream } = await connectedUser();
    const ready = stream.events[0]!;
    stream.close();
    await say(user.user.id, 'while away');
    const again = await open(await ticketFor(testApp.app, user.token), { query: { lastEventId: ready.id! } });
    await again.next(isText('while away'));
    expect(textsOf(again.events)).toEqual(['while away']);
  });

  it('while notifications keep coming during the reconnection: each arrives exactly once, in order', async () => {
    const { user, stream } = await connectedUser();
    await say(user.user.id, 'n0');
    const last = await stream.next(isText('n0'));
    stream.close();
    const texts = Array.from({ length: 30 }, (_, index) => `n${index + 1}`);
    // Written one after another while the client reconnects, so some land in the replay, some live.
    const writing = (async () => {
      for (const text of texts) await say(user.user.id, text);
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await open(await ticketFor(testApp.app, user.token), { lastEventId: last.id });
    await writing;
    await again.next(isText('n30'));
    expect(textsOf(again.events)).toEqual(texts);
  });

  it('from an id it does not know (swept, or made up) says it did not resume, and goes on live', async () => {
    const { user } = await connectedUser();
    const again = await open(await ticketFor(testApp.app, user.token), { lastEventId: '999999999' });
    expect(await again.next()).toMatchObject({ event: 'ready', data: { resumed: false } });
    await say(user.user.id, 'after');
    await again.next(isText('after'));
  });

  it('ignores events of other types and readers while replaying', async () => {
    const { user, stream } = await connectedUser();
    const other = await registerUser(testApp.app);
    const ready = stream.events[0]!;
    stream.close();
    await publishEvent(db(), {
      to: { userId: other.user.id },
      type: 'notification',
      data: { notification: { params: { text: 'not yours' } } },
    });
    await publishEvent(db(), {
      to: { admins: true },
      type: 'notification',
      data: { notification: { params: { text: 'admins' } } },
    });
    await say(user.user.id, 'yours');
    const again = await open(await ticketFor(testApp.app, user.token), { lastEventId: ready.id });
    await again.next(isText('yours'));
    expect(textsOf(again.events)).toEqual(['yours']);
  });
});

const rowsIn = (result: unknown) => (result as { rows: unknown[] }).rows;
// The API's listening connection (PostgreSQL only).
const listeningConnections = sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`;

describe('lost signals', () => {
  it('delivers an event whose signal never came (the heartbeat reads the table too)', async () => {
    const { user, stream } = await connectedUser();
    // Written without pg_notify: only the periodic read can find it.
    await db().execute(
      sql`insert into events (user_id, admins, type, data) values (${user.user.id}, false, 'notification', ${JSON.stringify({ notification: { params: { text: 'silent' } } })}::jsonb)`,
    );
    await stream.next(isText('silent'));
  });

  it('listens again after the listening connection is lost (PostgreSQL), and delivers what came meanwhile', async () => {
    const { user, stream } = await connectedUser();
    if (testApp.databaseUrl) {
      const killed = await db().execute(
        sql`select pg_terminate_backend(pid) from (${listeningConnections}) listening`,
      );
      expect(rowsIn(killed)).toHaveLength(1);
    }
    await say(user.user.id, 'after the loss');
    await stream.next(isText('after the loss'));
    if (testApp.databaseUrl) {
      // A new listening connection within a few seconds.
      const listening = async () => rowsIn(await db().execute(listeningConnections)).length;
      const deadline = Date.now() + 15_000;
      while ((await listening()) === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listening()).toBe(1);
    }
    await say(user.user.id, 'and later');
    await stream.next(isText('and later'));
    expect(textsOf(stream.events)).toEqual(['after the loss', 'and later']);
  });
});

describe('a heartbeat while the missed events are read', () => {
  it('waits for the stream to start: the client still gets its missed events, ready, and what comes next', async () => {
    // A heartbeat every millisecond lands inside the replay's reads; it once went out before the stream's head,
    // which then failed, and the client got heartbeats only.
    const own = await buildTestApp({
      config: {
        events: {
          enabled: true,
          heartbeatMs: 1,
          ticketSeconds: 60,
          maxStreamMs: 60_000,
          maxStreamsPerReader: 3,
        },
      },
    });
    const url = await listeningUrl(own.app);
    const opened: SseStream[] = [];
    try {
      const user = await registerUser(own.app);
      const tell = (text: string) =>
        notifyUser({ db: own.app.db, userId: user.user.id, content: { code: 'TEXT', params: { text } } });
      const first = await openStream(url, { ticket: await ticketFor(own.app, user.token) });
      opened.push(first);
      const ready = await first.next((event) => event.event === 'ready');
      first.close();
      for (const text of ['a', 'b', 'c']) await tell(text);
      for (let round = 0; round < 5; round += 1) {
        const again = await openStream(url, {
          ticket: await ticketFor(own.app, user.token),
          lastEventId: ready.id,
        });
        opened.push(again);
        expect(again.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        await again.next((event) => event.event === 'ready', 5000);
        expect(textsOf(again.events)).toEqual(['a', 'b', 'c']);
        again.close();
      }
      const last = await openStream(url, {
        ticket: await ticketFor(own.app, user.token),
        lastEventId: ready.id,
      });
      opened.push(last);
      await last.next((event) => event.event === 'ready', 5000);
      await tell('d');
      await last.next(isText('d'), 5000);
    } finally {
      for (const stream of opened) stream.close();
      await own.close();
    }
  });
});

describe('shutting down', () => {
  it('ends open streams so that the close does not wait for them', async () => {
    const own = await buildTestApp();
    const url = await listeningUrl(own.app);
    const user = await registerUser(own.app);
    const stream = await openStream(url, { ticket: await ticketFor(own.app, user.token) });
    await stream.next((event) => event.event === 'ready');
    const started = Date.now();
    await own.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 503 when live events are turned off (LIVE_EVENTS=0), so clients poll', async () => {
    const off = await buildTestApp({ env: { LIVE_EVENTS: '0' } });
    try {
      const user = await registerUser(off.app);
      const ticket = await off.app.inject({
        method: 'POST',
        url: '/api/events/ticket',
        headers: bearer(user.token),
      });
      expect(ticket.statusCode).toBe(503);
      expect(ticket.json()).toMatchObject({ ok: false, error: { code: 'LIVE_EVENTS_UNAVAILABLE' } });
    } finally {
      await off.close();
    }
  });
});

import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { defaultRateLimits, type Config } from './config';
import { openDatabase } from './db/client';
import { connectRedis } from './lib/redis';
import { testEnv } from '../test/env';
import { authFailures, orders, products } from './db/schema';
import { buyer as newBuyer, initialize, sellerWithListing } from '../test/checkout';
import { bearer, buildTestApp, loginAsAdmin, registerUser, type TestApp } from '../test/helper';
import { listeningUrl, openStream, ticketFor, type SseEvent, type SseStream } from '../test/sse';

// Two API processes on one database (issue 13, point 4): nothing that must be shared lives in one
// process's memory. On PostgreSQL (TEST_DATABASE_URL) each app has its own connection pool to the same
// database, as two processes would; on PGlite, which one process holds, both apps use its one handle.
// Each app has its own rate-limit store, micro-cache and job registry, as a process would.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Pair = { one: FastifyInstance; two: FastifyInstance; first: TestApp; close: () => Promise<void> };

// Two apps on one database, with the limits the tests reach.
async function openPair(config: Partial<Config> = {}): Promise<Pair> {
  const first = await buildTestApp({
    config: {
      rateLimits: {
        ...defaultRateLimits,
        register: { max: 1000, windowMs: 60_000 },
        forgotPassword: { max: 3, windowMs: 60_000 },
        general: { max: 200, windowMs: 60_000 },
      },
      ...config,
    },
  });
  const ownDatabase = first.databaseUrl
    ? await openDatabase({ databaseUrl: first.databaseUrl, dataDir: null })
    : undefined;
  const two = await buildApp({
    config: first.config,
    database: ownDatabase ?? first.database,
    logger: false,
  });
  await two.ready();
  return {
    one: first.app,
    two,
    first,
    async close() {
      await two.close();
      await ownDatabase?.close();
      await first.close();
    },
  };
}

let pair: Pair;
beforeAll(async () => {
  pair = await openPair();
});
afterAll(async () => {
  await pair.close();
});

const apps = () => [pair.one, pair.two] as const;

describe('two API processes on one database', () => {
  it('give one hold when 20 buyers split across both start checkout of one item', async () => {
    const [one, two] = apps();
    const { product } = await sellerWithListing(one);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => newBuyer(index % 2 === 0 ? one : two)),
    );
    const replies = await Promise.all(
      buyers.map((buyer, index) =>
        initialize(index % 2 === 0 ? two : one, buyer.token, { product_id: product.id, quantity: 1 }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([
      201,
      ...Array.from({ length: 19 }, () => 409),
    ]);
    const held = await one.db.select().from(orders).where(eq(orders.productId, product.id));
    expect(held).toHaveLength(1);
    expect(held[0]?.status).toBe('pending');
  });

  it('hold a sign-in limit reached through one in the other', async () => {
    const [one, two] = apps();
    const user = await registerUser(one);
    const wrong = { email: user.user.email, password: 'not-the-password-1' };
    for (let attempt = 0; attempt < pair.first.config.rateLimits.login.max; attempt++) {
      const refused = await one.inject({ method: 'POST', url: '/api/users/login', payload: wrong });
      expect(refused.statusCode).toBe(401);
    }
    const limited = await two.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { ...wrong, password: user.password },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'TOO_MANY_ATTEMPTS' } });
  });

  it('count a route’s request limit across both', async () => {
    const [one, two] = apps();
    const ask = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: 'nobody@example.ng' },
        remoteAddress: '10.1.2.3',
      });
    expect((await ask(one)).statusCode).toBe(200);
    expect((await ask(two)).statusCode).toBe(200);
    expect((await ask(one)).statusCode).toBe(200);
    const limited = await ask(two);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('count the general request limit across both (written in batches)', async () => {
    const [one, two] = apps();
    const ask = (app: FastifyInstance) =>
      app.inject({ url: '/api/userProfile/banks', remoteAddress: '10.9.9.9' });
    // 120 through each: under the limit of 200 for either alone, over it together.
    for (const app of [one, two]) {
      for (let index = 0; index < 120; index++) expect((await ask(app)).statusCode).toBe(200);
    }
    // Each process learns the shared count when it writes its own; within a flush or two both refuse.
    await sleep(400);
    await Promise.all([ask(one), ask(two)]);
    await sleep(400);
    for (const app of [one, two]) {
      const limited = await ask(app);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    }
  });

  it('show a notification written through one when read through the other', async () => {
    const [one, two] = apps();
    const { seller, product } = await sellerWithListing(one, { status: 'pending' });
    const admin = await loginAsAdmin(two);
    const approved = await two.inject({
      method: 'PUT',
      url: `/api/adminProduct/${product.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    const read = await one.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) });
    expect(read.statusCode).toBe(200);
    const notifications = read.json<{ data: { message: string; read: boolean }[] }>().data;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.message).toContain(product.title);
    expect(notifications[0]?.read).toBe(false);
  });
});

// Live events (decision 023): each process listens once and serves its own streams; an event written
// through either process reaches a stream on the other, and a stream resumes on the other process.
describe('live events across two API processes', () => {
  const urls = new Map<FastifyInstance, string>();
  const open: SseStream[] = [];
  const connect = async (app: FastifyInstance, ticket: string, lastEventId?: string) => {
    if (!urls.has(app)) urls.set(app, await listeningUrl(app));
    const stream = await openStream(urls.get(app)!, { ticket, lastEventId });
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  afterAll(() => {
    for (const stream of open) stream.close();
  });
  const notification = (event: SseEvent) => event.event === 'notification';
  const titled = (title: string) => (event: SseEvent) =>
    notification(event) &&
    (event.data as { notification: { params: { title?: string } } }).notification.params.title === title;

  it('a notification written through one reaches the user’s stream on the other, and the admins’ too', async () => {
    const [one, two] = apps();
    const { seller, product } = await sellerWithListing(one, {
      status: 'pending',
      title: 'Cross-process kettle',
    });
    const admin = await loginAsAdmin(one);
    const sellerStream = await connect(two, await ticketFor(one, seller.token));
    const adminStream = await connect(one, await ticketFor(two, admin.token));
    await sellerStream.next((event) => event.event === 'ready');
    await adminStream.next((event) => event.event === 'ready');

    const approved = await one.inject({
      method: 'PUT',
      url: `/api/adminProduct/${product.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    const live = await sellerStream.next(titled('Cross-process kettle'));
    expect(live.data).toMatchObject({ notification: { code: 'LISTING_APPROVED' }, unread: 1 });

    // A registration through the other process notifies the admins.
    const newcomer = await registerUser(two);
    const forAdmins = await adminStream.next(
      (event) =>
        notification(event) &&
        (event.data as { notification: { params: { username?: string } } }).notification.params.username ===
          newcomer.user.username,
    );
    expect(forAdmins.data).toMatchObject({ notification: { code: 'USER_REGISTERED' } });
    expect(sellerStream.events.filter(notification)).toHaveLength(1);
  });

  it('a stream dropped on one resumes on the other with Last-Event-ID, losing and repeating nothing', async () => {
    const [one, two] = apps();
    const { seller, product } = await sellerWithListing(one, { status: 'pending', title: 'First lamp' });
    const second = await sellerWithListing(one, { status: 'pending', title: 'Second lamp' });
    const admin = await loginAsAdmin(one);
    const approve = (app: FastifyInstance, id: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/adminProduct/${id}/status`,
        headers: bearer(admin.token),
        payload: { status: 'approved' },
      });
    // The same seller gets both notifications: the second listing is moved to the first one's owner.
    await one.db.update(products).set({ ownerId: seller.user.id }).where(eq(products.id, second.product.id));

    const first = await connect(one, await ticketFor(one, seller.token));
    await first.next((event) => event.event === 'ready');
    expect((await approve(two, product.id)).statusCode).toBe(200);
    const seen = await first.next(titled('First lamp'));
    first.close();
    await first.ended;

    expect((await approve(one, second.product.id)).statusCode).toBe(200);
    const resumed = await connect(two, await ticketFor(two, seller.token), seen.id);
    await resumed.next(titled('Second lamp'));
    expect(await resumed.next()).toMatchObject({ event: 'ready', data: { resumed: true } });
    const titles = resumed.events
      .filter(notification)
      .map(
        (event) => (event.data as { notification: { params: { title: string } } }).notification.params.title,
      );
    expect(titles).toEqual(['Second lamp']);
  });
});

// REDIS_URL moves request limits to Redis. Decision 019: the test runs against REDIS_URL when it is set (and
// fails when that Redis cannot be reached), else against a Redis on this machine at 127.0.0.1:6379; when there
// is none, it can only check that an unreachable Redis stops the start with a clear message.
describe('request limits in Redis (needs a Redis: REDIS_URL or 127.0.0.1:6379)', () => {
  it('stops the start with a clear message when REDIS_URL cannot be reached', async () => {
    await expect(
      buildApp({
        config: { ...pair.first.config, redisUrl: 'redis://127.0.0.1:1' },
        database: pair.first.database,
        logger: false,
      }),
    ).rejects.toThrow('REDIS_URL: cannot reach Redis at 127.0.0.1:1');
  });

  it('counts a route’s request limit across two processes in Redis', async () => {
    const url = testEnv.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = await connectRedis(url).catch((error: unknown) => error as Error);
    if (probe instanceof Error) {
      if (testEnv.REDIS_URL) throw probe;
      expect(probe.message).toMatch(/^REDIS_URL: cannot reach Redis at 127\.0\.0\.1:6379/);
      return;
    }
    const redisPair = await openPair({ redisUrl: url });
    // An address of its own, so that earlier runs' counts in the same Redis do not matter.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    try {
      const ask = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/users/forgot-password',
          payload: { email: 'nobody@example.ng' },
          remoteAddress: address,
        });
      expect((await ask(redisPair.one)).statusCode).toBe(200);
      expect((await ask(redisPair.two)).statusCode).toBe(200);
      expect((await ask(redisPair.one)).statusCode).toBe(200);
      expect((await ask(redisPair.two)).statusCode).toBe(429);
      const keys = await probe.keys(`oja-rate:*${address}`);
      expect(keys).toEqual([`oja-rate:POST/api/users/forgot-password-${address}`]);
      expect(await probe.get(keys[0] ?? '')).toBe('4');
      expect(await probe.pttl(keys[0] ?? '')).toBeGreaterThan(50_000);
      // Nothing went to PostgreSQL.
      const inDatabase = await redisPair.one.db
        .select()
        .from(authFailures)
        .where(like(authFailures.key, `%${address}%`));
      expect(inDatabase).toEqual([]);
      await probe.del(...keys);
    } finally {
      probe.disconnect();
      await redisPair.close();
    }
  });
});

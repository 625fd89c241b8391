import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, products } from '../../db/schema';
import type { Mail } from '../../providers/mail/index';
import {
  bearer,
  buildTestApp,
  loginAsAdmin,
  registerUser,
  verifiedSeller,
  type RegisteredUser,
  type TestApp,
} from '../../../test/helper';
import { readEventsAfter, START } from '../events/service';
import { openConversation } from './conversations';

// Every mail the app sends, kept here instead of the outbox.
const sent: Mail[] = [];
let testApp: TestApp;
let adminToken: string;
// Every reply body of this file: none may carry an e-mail address or a phone number.
const bodies: string[] = [];

beforeAll(async () => {
  testApp = await buildTestApp({
    providers: {
      mailer: {
        kind: 'outbox',
        send: (mail) => {
          sent.push(mail);
          return Promise.resolve('captured');
        },
      },
    },
  });
  ({ token: adminToken } = await loginAsAdmin(testApp.app));
});
afterAll(async () => {
  await testApp.close();
});

type Call = { method?: 'GET' | 'POST' | 'DELETE'; url: string; token?: string; payload?: object };
async function call({ method = 'GET', url, token, payload }: Call) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  bodies.push(response.body);
  return response;
}

// An approved listing of a new seller whose profile carries a phone number.
async function listing(title = 'Tecno Spark 10, 128GB', status: 'approved' | 'pending' = 'approved') {
  const seller = await verifiedSeller(testApp.app);
  const [product] = await testApp.app.db
    .insert(products)
    .values({
      ownerId: seller.user.id,
      title,
      description: 'Clean, with charger.',
      specification: '128GB',
      category: 'Electronics',
      condition: 'Fairly Used',
      tag: 'For sale',
      price: 45000,
      location: 'Lagos',
      status,
    })
    .returning();
  return { seller, product: product! };
}

async function open(productId: string, token: string) {
  return call({ method: 'POST', url: `/api/products/${productId}/conversation`, token });
}

async function conversationBetween() {
  const { seller, product } = await listing();
  const buyer = await registerUser(testApp.app);
  const opened = await open(product.id, buyer.token);
  expect(opened.statusCode).toBe(200);
  return { seller, buyer, product, id: opened.json<{ data: { id: string } }>().data.id };
}

// The live `message` events a user's stream carries.
async function messageEventsFor(userId: string) {
  const { events } = await readEventsAfter(testApp.app.db, {
    after: START,
    audience: { userId },
    limit: 1000,
  });
  return events
    .filter((event) => event.type === 'message')
    .map(
      (event) =>
        JSON.parse(event.data) as {
          message: { text: string; isMine: boolean; conversationId: string };
          unread: number;
        },
    );
}

const send = (id: string, token: string, text: string) =>
  call({ method: 'POST', url: `/api/conversations/${id}/messages`, token, payload: { text } });

async function conversationsOf(user: RegisteredUser) {
  const response = await call({ url: '/api/conversations', token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: {
      id: string;
      unread: number;
      other: { username: string };
      isOwner: boolean;
      lastMessage: { text: string; isMine: boolean } | null;
      listing: { title: string };
    }[];
    meta: { unread: number };
  }>();
}

describe('opening a conversation from a listing', () => {
  it('gives the buyer one conversation per listing, and the owner none on their own listing', async () => {
    const { seller, product } = await listing();
    const buyer = await registerUser(testApp.app);
    const first = await open(product.id, buyer.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, message: 'Conversation opened.' });
    const again = await open(product.id, buyer.token);
    expect(again.json().data.id).toBe(first.json().data.id);

    const own = await open(product.id, seller.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ ok: false, error: { code: 'MESSAGE_OWN_LISTING' } });
    expect(
      await openConversation({ db: testApp.app.db, productId: product.id, userId: seller.user.id }).catch(
        (error: { statusCode: number }) => error.statusCode,
      ),
    ).toBe(403);

    expect((await open(product.id, '')).statusCode).toBe(401);
    // An empty conversation is not shown to the seller; the buyer who opened it sees it.
    expect((await conversationsOf(seller)).data).toEqual([]);
    expect((await conversationsOf(buyer)).data).toEqual([
      expect.objectContaining({ id: first.json().data.id, lastMessage: null, isOwner: false }),
    ]);
  });

  it('is a 404 on a listing buyers cannot see, or one that does not exist', async () => {
    const { product } = await listing('Pending phone', 'pending');
    const buyer = await registerUser(testApp.app);
    expect((await open(product.id, buyer.token)).statusCode).toBe(404);
    expect((await open('00000000-0000-4000-8000-000000000000', buyer.token)).statusCode).toBe(404);
    expect((await open('not-an-id', buyer.token)).statusCode).toBe(404);
  });

  it('lists a conversation opened for both people (a donation hand-over) for the owner at once', async () => {
    const { seller, product } = await listing('Given-away sofa');
    const recipient = await registerUser(testApp.app);
    const id = await openConversation({
      db: testApp.app.db,
      productId: product.id,
      userId: recipient.user.id,
    });
    expect(
      await openConversation({ db: testApp.app.db, productId: product.id, userId: recipient.user.id }),
    ).toBe(id);
    expect((await conversationsOf(seller)).data).toEqual([
      expect.objectContaining({ id, isOwner: true, other: { username: recipient.user.username } }),
    ]);
  });
});

describe('sending and reading messages', () => {
  it('delivers a trimmed message to the seller, with its listing, unread count and one notification', async () => {
    const { seller, buyer, id } = await conversationBetween();
    const first = await send(id, buyer.token, '   Is it still available?  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Message sent.',
      data: {
        text: 'Is it still available?',
        isMine: true,
        sender: { username: buyer.user.username },
        readAt: null,
      },
    });
    expect((await send(id, buyer.token, 'I can pick it up today.')).statusCode).toBe(201);

    const list = await conversationsOf(seller);
    expect(list.data).toEqual([
      expect.objectContaining({
        id,
        isOwner: true,
        other: { username: buyer.user.username },
        unread: 2,
        lastMessage: expect.objectContaining({ text: 'I can pick it up today.', isMine: false }),
        listing: expect.objectContaining({ title: 'Tecno Spark 10, 128GB' }),
      }),
    ]);
    expect(list.meta.unread).toBe(2);
    // Live: the seller's stream carries each message as the seller sees it; the buyer's carries none.
    expect(await messageEventsFor(seller.user.id)).toEqual([
      {
        message: expect.objectContaining({
          conversationId: id,
          text: 'Is it still available?',
          isMine: false,
        }),
        unread: 1,
      },
      {
        message: expect.objectContaining({
          conversationId: id,
          text: 'I can pick it up today.',
          isMine: false,
        }),
        unread: 2,
      },
    ]);
    expect(await messageEventsFor(buyer.user.id)).toEqual([]);
    expect((await call({ url: '/api/conversations/unread', token: seller.token })).json().data).toEqual({
      unread: 2,
    });

    const notices = (await call({ url: '/api/notify/notifications', token: seller.token })).json<{
      data: { code: string; read: boolean; message: string }[];
    }>().data;
    const about = notices.filter((notice) => notice.code === 'MESSAGE_RECEIVED');
    expect(about).toEqual([
      expect.objectContaining({
        read: false,
        message: `${buyer.user.username} sent you a message about "Tecno Spark 10, 128GB".`,
      }),
    ]);

    const thread = await call({ url: `/api/conversations/${id}/messages`, token: seller.token });
    expect(
      thread.json().data.map((message: { text: string; isMine: boolean }) => [message.text, message.isMine]),
    ).toEqual([
      ['I can pick it up today.', false],
      ['Is it still available?', false],
    ]);
    expect(
      (await call({ method: 'POST', url: `/api/conversations/${id}/read`, token: seller.token })).statusCode,
    ).toBe(200);
    expect((await call({ url: '/api/conversations/unread', token: seller.token })).json().data).toEqual({
      unread: 0,
    });
    const after = (await call({ url: '/api/notify/notifications', token: seller.token })).json<{
      data: { code: string; read: boolean }[];
    }>().data;
    expect(after.filter((notice) => notice.code === 'MESSAGE_RECEIVED').every((notice) => notice.read)).toBe(
      true,
    );
    // The buyer sees their messages read.
    const seen = await call({ url: `/api/conversations/${id}/messages`, token: buyer.token });
    expect(seen.json().data.every((message: { readAt: string | null }) => message.readAt !== null)).toBe(
      true,
    );
  });

  it('pages a thread by cursor, newest first, without repeats', async () => {
    const { buyer, seller, id } = await conversationBetween();
    for (const text of ['one', 'two', 'three', 'four', 'five'])
      expect((await send(id, text.length % 2 ? buyer.token : seller.token, text)).statusCode).toBe(201);
    const texts: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call({
        url: `/api/conversations/${id}/messages?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
        token: buyer.token,
      });
      const body = page.json<{ data: { text: string }[]; meta: { nextCursor: string | null } }>();
      texts.push(...body.data.map((message) => message.text));
      cursor = body.meta.nextCursor;
    } while (cursor);
    expect(texts).toEqual(['five', 'four', 'three', 'two', 'one']);
    expect(
      (await call({ url: `/api/conversations/${id}/messages?cursor=nonsense`, token: buyer.token }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an empty message and one over 1,000 characters, and takes exactly 1,000', async () => {
    const { buyer, id } = await conversationBetween();
    const empty = await send(id, buyer.token, '    ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please write a message.' });
    const long = await send(id, buyer.token, 'a'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'A message can be at most 1,000 characters long.' });
    expect((await send(id, buyer.token, 'b'.repeat(1000))).statusCode).toBe(201);
    expect(
      (
        await call({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          token: buyer.token,
          payload: { text: 42 },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('who may read a conversation', () => {
  it('is the two participants only; a third user and an admin get 404 until it is reported', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Hello, can you do 40,000?');
    const stranger = await registerUser(testApp.app);
    for (const [method, url, payload] of [
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`, { text: 'hi' }],
      ['POST', `/api/conversations/${id}/read`],
      ['POST', `/api/conversations/${id}/block`],
      ['DELETE', `/api/conversations/${id}/block`],
      ['POST', `/api/conversations/${id}/reports`, {}],
    ] as const) {
      const response = await call({ method, url, token: stranger.token, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call({ url: `/api/conversations/${id}`, token: adminToken })).statusCode).toBe(404);
    expect((await call({ url: `/api/conversations/${id}/messages`, token: adminToken })).statusCode).toBe(
      404,
    );
    expect((await call({ url: `/api/conversations/${id}` })).statusCode).toBe(401);

    expect((await call({ url: `/api/conversations/${id}`, token: seller.token })).json().data).toMatchObject({
      viewer: 'owner',
      user: { username: buyer.user.username },
      reports: [],
    });
    expect((await call({ url: `/api/conversations/${id}`, token: buyer.token })).json().data).toMatchObject({
      viewer: 'user',
      owner: { username: seller.user.username },
    });

    // The seller reports it: the admins are told, and an admin may now read it (a stranger still may not).
    const reported = await call({
      method: 'POST',
      url: `/api/conversations/${id}/reports`,
      token: seller.token,
      payload: { note: 'Asks me to pay a deposit.' },
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json()).toMatchObject({ message: 'Thank you. Our team will read this conversation.' });
    expect(
      (
        await call({
          method: 'POST',
          url: `/api/conversations/${id}/reports`,
          token: seller.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);

    const notices = (await call({ url: '/api/notifyAdmin/notifications', token: adminToken })).json<{
      data: { code: string; params: Record<string, string> }[];
    }>().data;
    expect(notices).toContainEqual(
      expect.objectContaining({
        code: 'CONVERSATION_REPORTED',
        params: { reporter: seller.user.username, title: 'Tecno Spark 10, 128GB', conversationId: id },
      }),
    );
    const head = await call({ url: `/api/conversations/${id}`, token: adminToken });
    expect(head.statusCode).toBe(200);
    expect(head.json().data).toMatchObject({
      viewer: 'admin',
      reports: [
        expect.objectContaining({
          reporter: { username: seller.user.username },
          note: 'Asks me to pay a deposit.',
        }),
      ],
    });
    const thread = await call({ url: `/api/conversations/${id}/messages`, token: adminToken });
    expect(thread.json().data).toEqual([
      expect.objectContaining({
        text: 'Hello, can you do 40,000?',
        isMine: false,
        sender: { username: buyer.user.username },
      }),
    ]);
    expect((await call({ url: '/api/admin/conversations', token: adminToken })).json().data).toContainEqual(
      expect.objectContaining({ id, reports: 1 }),
    );
    expect((await call({ url: '/api/admin/conversations', token: seller.token })).statusCode).toBe(401);
    expect((await call({ url: `/api/conversations/${id}`, token: stranger.token })).statusCode).toBe(404);
    // An admin reads; an admin does not write.
    expect(
      (
        await call({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          token: adminToken,
          payload: { text: 'hi' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('blocking', () => {
  it('refuses a blocked sender with a clear message, and lets them write again once unblocked', async () => {
    const { seller, buyer, id } = await conversationBetween();
    expect((await send(id, buyer.token, 'Hello')).statusCode).toBe(201);
    const blocked = await call({
      method: 'POST',
      url: `/api/conversations/${id}/block`,
      token: seller.token,
    });
    expect(blocked.json()).toMatchObject({
      message: 'You blocked this person. They can no longer send you messages.',
    });

    const refused = await send(id, buyer.token, 'Hello again');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'This person has blocked you, so you cannot send them messages.',
      error: { code: 'MESSAGE_BLOCKED' },
    });
    const ownRefusal = await send(id, seller.token, 'Bye');
    expect(ownRefusal.statusCode).toBe(403);
    expect(ownRefusal.json()).toMatchObject({ error: { code: 'MESSAGE_YOU_BLOCKED' } });
    // A refused message is not published either.
    expect((await messageEventsFor(seller.user.id)).map((event) => event.message.text)).toEqual(['Hello']);
    expect((await call({ url: `/api/conversations/${id}`, token: buyer.token })).json().data).toMatchObject({
      blockedMe: true,
      blockedByMe: false,
    });
    expect((await call({ url: `/api/conversations/${id}`, token: seller.token })).json().data).toMatchObject({
      blockedMe: false,
      blockedByMe: true,
    });

    expect(
      (await call({ method: 'DELETE', url: `/api/conversations/${id}/block`, token: seller.token }))
        .statusCode,
    ).toBe(200);
    expect((await send(id, buyer.token, 'Hello again')).statusCode).toBe(201);
  });
});

describe('the per-user message limit', () => {
  it('refuses messages past the hourly limit with 429, counted in the database', async () => {
    const limited = await buildTestApp({
      sharedDatabase: testApp.database,
      config: { userLimits: { ...testApp.config.userLimits, messages: { max: 3, windowMs: 60 * 60_000 } } },
    });
    try {
      const { buyer, id } = await conversationBetween();
      for (let index = 0; index < 3; index += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: `/api/conversations/${id}/messages`,
          headers: bearer(buyer.token),
          payload: { text: `message ${index}` },
        });
        expect(response.statusCode).toBe(201);
      }
      const refused = await limited.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        headers: bearer(buyer.token),
        payload: { text: 'one more' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'MESSAGE_LIMIT' } });
    } finally {
      await limited.close();
    }
  });
});

describe('the e-mail digest of unread messages', () => {
  // The digest jobs of these messages become due now, as if 15 minutes had passed.
  async function fifteenMinutesLater() {
    await testApp.app.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, 'message-digest'));
    await testApp.app.jobQueue.runDue();
  }

  it('mails one digest of an unread batch after 15 minutes, once', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Is the screen scratched?');
    await send(id, buyer.token, 'And does it come with the box?');
    sent.length = 0;
    await testApp.app.jobQueue.runDue();
    expect(sent).toEqual([]);
    const [job] = await testApp.app.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, 'message-digest'))
      .orderBy(sql`${jobs.runAt} desc`)
      .limit(1);
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    await fifteenMinutesLater();
    const toSeller = sent.filter((mail) => mail.to === seller.user.email);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.subject).toBe('You have 2 unread messages on Oja');
    expect(toSeller[0]!.text).toContain('Is the screen scratched?');
    expect(toSeller[0]!.text).toContain('And does it come with the box?');
    expect(toSeller[0]!.text).toContain(`http://oja.test/messages/${id}`);
    expect(toSeller[0]!.text).not.toContain(buyer.user.email);

    sent.length = 0;
    await fifteenMinutesLater();
    expect(sent).toEqual([]);
  });

  it('sends nothing once the messages are read', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Are you in Ikeja?');
    await call({ method: 'POST', url: `/api/conversations/${id}/read`, token: seller.token });
    sent.length = 0;
    await fifteenMinutesLater();
    expect(sent.filter((mail) => mail.to === seller.user.email)).toEqual([]);
  });
});

describe('privacy', () => {
  it('never shows anyone’s e-mail or phone in a reply of this file', async () => {
    const { seller, buyer, id } = await conversationBetween();
    await send(id, buyer.token, 'Hello');
    await call({ url: `/api/conversations/${id}`, token: seller.token });
    await conversationsOf(seller);
    await conversationsOf(buyer);
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toMatch(/@example\.ng/);
      expect(body).not.toContain('08031234567');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helper';
import {
  call,
  conversationBetween,
  conversationsOf,
  messageEventsFor,
  send,
  testApp,
} from '../../../test/messages';

// Sending and reading messages, and the per-user limit.

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

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { loginAsAdmin, registerUser } from '../../../test/helper';
import { openConversation } from './conversations';
import {
  bodies,
  call,
  conversationBetween,
  conversationsOf,
  listing,
  open,
  send,
  testApp,
} from '../../../test/messages';

// Opening a conversation, who may read it, and no contact details in any reply.

let adminToken: string;
beforeAll(async () => {
  ({ token: adminToken } = await loginAsAdmin(testApp.app));
});

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

describe('the conversations list', () => {
  it('pages the reader’s conversations, as seller and as buyer, the latest activity first, every one once (issue 34)', async () => {
    const { seller: reader, product } = await listing('Paged radio');
    const others = await Promise.all([1, 2, 3, 4].map(() => registerUser(testApp.app)));
    const bought = await Promise.all([1, 2, 3].map((index) => listing(`Other seller's item ${index}`)));
    // About the reader's listing (one not yet shown to its owner: a buyer who has not written), and three the reader
    // started; two of them share one time to the microsecond.
    const rows = [
      ...others.map((other, index) => ({
        productId: product.id,
        ownerId: reader.user.id,
        userId: other.user.id,
        listedForOwner: index !== 3,
        at: `2026-01-01 00:00:0${index}.000123+00`,
      })),
      ...bought.map(({ seller, product: item }, index) => ({
        productId: item.id,
        ownerId: seller.user.id,
        userId: reader.user.id,
        listedForOwner: true,
        at: index === 0 ? '2026-01-01 00:00:02.000123+00' : `2026-01-01 00:00:0${index + 5}.000456+00`,
      })),
    ];
    for (const row of rows)
      await testApp.app.db.execute(sql`
        insert into conversations (product_id, owner_id, user_id, listed_for_owner, last_activity_at)
        values (${row.productId}, ${row.ownerId}, ${row.userId}, ${row.listedForOwner}, ${row.at}::timestamptz)`);

    const seen: { id: string; isOwner: boolean; listing: { title: string } }[][] = [];
    let cursor: string | null = null;
    do {
      const response = await call({
        url: `/api/conversations?pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
        token: reader.token,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: (typeof seen)[number]; meta: { nextCursor: string | null } }>();
      seen.push(body.data);
      cursor = body.meta.nextCursor;
    } while (cursor && seen.length < 10);

    expect(seen.map((page) => page.length)).toEqual([2, 2, 2]);
    const expected = await queryRows<{ id: string }>(testApp.app.db, {
      text: `select id from conversations where (owner_id = $1 and listed_for_owner) or user_id = $1
        order by last_activity_at desc, id desc`,
      values: [reader.user.id],
    });
    expect(seen.flat().map((conversation) => conversation.id)).toEqual(expected.map((row) => row.id));
    // Newest first: the two the reader started last, then the rest; the one not yet shown to the owner is not there.
    expect(seen[0]?.map((conversation) => conversation.listing.title)).toEqual([
      "Other seller's item 3",
      "Other seller's item 2",
    ]);
    expect(seen.flat().filter((conversation) => conversation.isOwner)).toHaveLength(3);
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

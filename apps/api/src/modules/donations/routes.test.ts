import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_REASON_MAX_LENGTH } from '@marketplace/shared/constants';
import { media, productImages, products } from '../../db/schema';
import { bearer, buildTestApp, registerUser, type RegisteredUser, type TestApp } from '../../../test/helper';
import { sellerWithListing } from '../../../test/checkout';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const inject = (options: InjectOptions) => testApp.app.inject(options);

// An approved donation of a new giver, with one picture of their own, as people find it on the home page.
async function donatedItem(title = 'Baby cot with mattress') {
  const listing = await sellerWithListing(testApp.app, {
    title,
    tag: 'Donate',
    price: null,
    priceCategory: null,
  });
  const [picture] = await testApp.app.db
    .insert(media)
    .values({
      ownerId: listing.seller.user.id,
      kind: 'image',
      url: `/media/${listing.product.id}.webp`,
      contentType: 'image/webp',
      bytes: 1000,
    })
    .returning();
  await testApp.app.db
    .insert(productImages)
    .values({ productId: listing.product.id, mediaId: picture!.id, position: 0 });
  return listing;
}

const ask = (
  productId: string,
  token: string | undefined,
  reason: unknown = 'My daughter is due next month.',
) =>
  inject({
    method: 'POST',
    url: `/api/products/${productId}/requests`,
    payload: { reason },
    headers: token ? bearer(token) : {},
  });
const requestsOf = (productId: string, token: string) =>
  inject({ url: `/api/products/${productId}/requests`, headers: bearer(token) });
const pick = (productId: string, requestId: string, token: string) =>
  inject({
    method: 'POST',
    url: `/api/products/${productId}/requests/${requestId}/pick`,
    headers: bearer(token),
  });
const decline = (productId: string, requestId: string, token: string) =>
  inject({
    method: 'POST',
    url: `/api/products/${productId}/requests/${requestId}/decline`,
    headers: bearer(token),
  });
const close = (productId: string, token: string) =>
  inject({ method: 'POST', url: `/api/products/${productId}/requests/close`, headers: bearer(token) });
const myRequests = async (token: string) =>
  (await inject({ url: '/api/donation-requests', headers: bearer(token) })).json<{
    data: {
      id: string;
      status: string;
      product: { id: string; title: string; giver: { username: string } };
    }[];
  }>().data;

async function notificationsOf(user: RegisteredUser) {
  const response = await inject({ url: '/api/notify/notifications', headers: bearer(user.token) });
  return response.json<{ data: { code: string; params: Record<string, string>; message: string }[] }>().data;
}

async function requestIdOf(productId: string, requester: RegisteredUser) {
  const response = await ask(productId, requester.token);
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

async function homeListIds() {
  const response = await inject({ url: '/api/products?pageSize=60' });
  return response.json<{ data: { id: string }[] }>().data.map((card) => card.id);
}

describe('asking for a donated item', () => {
  it('records a logged-in user’s request with its reason and tells the giver', async () => {
    const { seller, product } = await donatedItem('Baby cot');
    const requester = await registerUser(testApp.app);
    const response = await ask(product.id, requester.token, '  My daughter is due next month.  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ok: true, message: 'Your request has been sent to the giver.' });

    expect(await notificationsOf(seller)).toContainEqual(
      expect.objectContaining({
        code: 'DONATION_REQUESTED',
        params: { title: 'Baby cot', username: requester.user.username, productId: product.id },
        message: `${requester.user.username} would like your item "Baby cot". See the requests on your listing to choose a recipient.`,
      }),
    );
    const list = (await requestsOf(product.id, seller.token)).json<{
      data: { requests: { reason: string; status: string; requester: { username: string } }[] };
    }>();
    expect(list.data.requests).toEqual([
      expect.objectContaining({
        reason: 'My daughter is due next month.',
        status: 'pending',
        requester: expect.objectContaining({ username: requester.user.username }),
      }),
    ]);
    expect(await myRequests(requester.token)).toEqual([
      expect.objectContaining({
        status: 'pending',
        product: { id: product.id, title: 'Baby cot', giver: { username: seller.user.username } },
      }),
    ]);
  });

  it('refuses visitors, the giver, items for sale, unapproved items, and an empty or too long reason', async () => {
    const { seller, product } = await donatedItem();
    const requester = await registerUser(testApp.app);
    expect((await ask(product.id, undefined)).statusCode).toBe(401);

    const own = await ask(product.id, seller.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      message: 'You cannot request your own item.',
      error: { code: 'DONATION_OWN_ITEM' },
    });

    const { product: forSale } = await sellerWithListing(testApp.app);
    const sale = await ask(forSale.id, requester.token);
    expect(sale.statusCode).toBe(422);
    expect(sale.json()).toMatchObject({ error: { code: 'DONATION_ONLY' } });

    const { product: pending } = await sellerWithListing(testApp.app, {
      tag: 'Donate',
      price: null,
      status: 'pending',
    });
    expect((await ask(pending.id, requester.token)).statusCode).toBe(404);

    const empty = await ask(product.id, requester.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Please say in a few words why you would like this item.',
    });
    const long = await ask(product.id, requester.token, 'x'.repeat(DONATION_REASON_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'TEXT_TOO_LONG' } });
    expect((await requestsOf(product.id, seller.token)).json().data.requests).toEqual([]);
  });

  it('takes one request per person per item, even sent many times at once', async () => {
    const { seller, product } = await donatedItem();
    const requester = await registerUser(testApp.app);
    const responses = await Promise.all(Array.from({ length: 6 }, () => ask(product.id, requester.token)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      message: 'You have already requested this item.',
      error: { code: 'DONATION_REQUEST_EXISTS' },
    });
    expect((await requestsOf(product.id, seller.token)).json().data.requests).toHaveLength(1);
    expect(
      (await notificationsOf(seller)).filter((notification) => notification.code === 'DONATION_REQUESTED'),
    ).toHaveLength(1);
  });

  it('shows an item’s requests to its giver only', async () => {
    const { product } = await donatedItem();
    const requester = await registerUser(testApp.app);
    await requestIdOf(product.id, requester);
    const stranger = await registerUser(testApp.app);
    for (const token of [requester.token, stranger.token]) {
      const response = await requestsOf(product.id, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).not.toHaveProperty('data');
    }
    expect((await inject({ url: `/api/products/${product.id}/requests` })).statusCode).toBe(401);
  });
});

describe('a page at a time (decision 090)', () => {
  type ItemPage = {
    recipient: { username: string } | null;
    requests: { id: string; requester: { username: string } }[];
    nextCursor: string | null;
    total: number;
  };
  const itemPage = async (productId: string, token: string, query: string) => {
    const response = await inject({
      url: `/api/products/${productId}/requests?${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: ItemPage }>().data;
  };

  it('walks an item’s requests newest first, each once, a tie to the microsecond included, the recipient on every page', async () => {
    const { seller, product } = await donatedItem('Reading table');
    const requesters = [];
    for (let index = 0; index < 5; index++) requesters.push(await registerUser(testApp.app));
    const ids = [];
    for (const requester of requesters) ids.push(await requestIdOf(product.id, requester));
    // The two newest asked at the same microsecond: the id orders them. (Set in SQL: a JavaScript Date would
    // keep the time to the millisecond only.)
    await testApp.app.db.execute(sql`
      update donation_requests set created_at = (select created_at from donation_requests where id = ${ids[4]!})
      where id = ${ids[3]!}`);
    // The first to ask is given the item: their request is on the last page.
    expect((await pick(product.id, ids[0]!, seller.token)).statusCode).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ItemPage = await itemPage(
        product.id,
        seller.token,
        `pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.requests.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(5);
      expect(page.recipient?.username).toBe(requesters[0]!.user.username);
      seen.push(...page.requests.map((request) => request.id));
      cursor = page.nextCursor;
    } while (cursor);
    const tied = [ids[3]!, ids[4]!].sort().reverse();
    expect(seen).toEqual([...tied, ids[2], ids[1], ids[0]]);

    const tampered = await inject({
      url: `/api/products/${product.id}/requests?cursor=bm90LWEtY3Vyc29y`,
      headers: bearer(seller.token),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({
      message: 'This page link is no longer valid. Please start again.',
    });
    const tooLarge = await inject({
      url: `/api/products/${product.id}/requests?pageSize=101`,
      headers: bearer(seller.token),
    });
    expect(tooLarge.statusCode).toBe(400);
  });

  it('walks the caller’s own requests newest first, none of another’s, and finds their request for one item', async () => {
    const requester = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const items = [];
    for (const title of ['Old radio', 'School bag', 'Rice cooker']) {
      const { product } = await donatedItem(title);
      await requestIdOf(product.id, requester);
      await requestIdOf(product.id, other);
      items.push(product);
    }
    const page = async (query: string) => {
      const response = await inject({
        url: `/api/donation-requests?${query}`,
        headers: bearer(requester.token),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{
        data: { product: { title: string } }[];
        meta: { nextCursor: string | null; total: number };
      }>();
    };
    const first = await page('pageSize=2');
    expect(first.data.map((request) => request.product.title)).toEqual(['Rice cooker', 'School bag']);
    expect(first.meta.total).toBe(3);
    const second = await page(`pageSize=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((request) => request.product.title)).toEqual(['Old radio']);
    expect(second.meta.nextCursor).toBeNull();

    const forOne = await page(`productId=${items[1]!.id}`);
    expect(forOne.data.map((request) => request.product.title)).toEqual(['School bag']);
    expect(forOne.meta.total).toBe(1);
    const { product: notAsked } = await donatedItem('Fan');
    expect((await page(`productId=${notAsked.id}`)).data).toEqual([]);
    const notAnId = await inject({
      url: '/api/donation-requests?productId=fan',
      headers: bearer(requester.token),
    });
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('picking a recipient', () => {
  it('accepts one request, declines and kindly tells the others, and takes the item out of every list', async () => {
    const { seller, product } = await donatedItem('Wooden study desk');
    const [first, chosen, third] = [
      await registerUser(testApp.app),
      await registerUser(testApp.app),
      await registerUser(testApp.app),
    ];
    await requestIdOf(product.id, first);
    const chosenRequest = await requestIdOf(product.id, chosen);
    await requestIdOf(product.id, third);
    expect(await homeListIds()).toContain(product.id);

    const stranger = await registerUser(testApp.app);
    expect((await pick(product.id, chosenRequest, stranger.token)).statusCode).toBe(404);

    const response = await pick(product.id, chosenRequest, seller.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, data: { recipientId: chosen.user.id } });
    const { conversationId } = response.json<{ data: { conversationId: string } }>().data;
    // The giver and the recipient both have the hand-over conversation in their lists; nobody else reads it.
    for (const person of [seller, chosen]) {
      const conversations = await inject({ url: '/api/conversations', headers: bearer(person.token) });
      expect(
        conversations.json<{ data: { id: string }[] }>().data.map((conversation) => conversation.id),
      ).toContain(conversationId);
      expect(
        (await inject({ url: `/api/conversations/${conversationId}`, headers: bearer(person.token) }))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await inject({ url: `/api/conversations/${conversationId}`, headers: bearer(first.token) }))
        .statusCode,
    ).toBe(404);

    const list = (await requestsOf(product.id, seller.token)).json<{
      data: {
        isClosed: boolean;
        conversationId: string;
        recipient: { username: string };
        requests: { status: string; requester: { id: string } }[];
      };
    }>().data;
    expect(list.isClosed).toBe(true);
    expect(list.recipient).toMatchObject({ username: chosen.user.username });
    expect(list.conversationId).toBe(conversationId);
    const statusOf = (user: RegisteredUser) =>
      list.requests.find((request) => request.requester.id === user.user.id)?.status;
    expect([statusOf(first), statusOf(chosen), statusOf(third)]).toEqual([
      'declined',
      'accepted',
      'declined',
    ]);

    for (const other of [first, third]) {
      expect(await notificationsOf(other)).toContainEqual(
        expect.objectContaining({
          code: 'DONATION_NOT_PICKED',
          message:
            'Thank you for asking for "Wooden study desk". It will not be going to you this time; new items are given away every day.',
        }),
      );
      expect((await myRequests(other.token))[0]).toMatchObject({ status: 'declined', conversationId: null });
    }
    expect(await notificationsOf(chosen)).toContainEqual(
      expect.objectContaining({
        code: 'DONATION_PICKED',
        params: { title: 'Wooden study desk', giver: seller.user.username, conversationId },
      }),
    );
    expect((await myRequests(chosen.token))[0]).toMatchObject({ status: 'accepted', conversationId });

    // Gone from the lists, the search and the public page, as a sold item is.
    expect(await homeListIds()).not.toContain(product.id);
    const search = await inject({ url: '/api/products?q=wooden%20study%20desk' });
    expect(search.json<{ data: { id: string }[] }>().data.map((card) => card.id)).not.toContain(product.id);
    expect((await inject({ url: `/api/products/${product.id}` })).statusCode).toBe(404);
    // The giver still sees it among their own listings.
    expect(
      (await inject({ url: `/api/products/${product.id}`, headers: bearer(seller.token) })).statusCode,
    ).toBe(200);

    const late = await ask(product.id, stranger.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'DONATION_ALREADY_GIVEN' } });
    // The giver cannot list it again.
    const relist = await inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { availability: true },
    });
    expect(relist.statusCode).toBe(409);
    expect(relist.json()).toMatchObject({
      message: 'This item has been given away, so it cannot be listed again.',
    });
    expect(await homeListIds()).not.toContain(product.id);
  });

  it('lets exactly one of two racing picks win', async () => {
    const { seller, product } = await donatedItem();
    const requesters = [await registerUser(testApp.app), await registerUser(testApp.app)];
    const requestIds = [
      await requestIdOf(product.id, requesters[0]!),
      await requestIdOf(product.id, requesters[1]!),
    ];
    const responses = await Promise.all(
      requestIds.map((requestId) => pick(product.id, requestId, seller.token)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409);
    expect(loser?.json()).toMatchObject({ ok: false, error: { code: 'DONATION_ALREADY_GIVEN' } });

    const requests = (await requestsOf(product.id, seller.token)).json<{
      data: { requests: { status: string }[] };
    }>().data.requests;
    expect(requests.map((request) => request.status).sort()).toEqual(['accepted', 'declined']);
  });

  it('declines one request, and refuses to pick a request that is no longer pending', async () => {
    const { seller, product } = await donatedItem('Rice cooker');
    const requester = await registerUser(testApp.app);
    const requestId = await requestIdOf(product.id, requester);
    const response = await decline(product.id, requestId, seller.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'The request has been declined.' });
    expect(await notificationsOf(requester)).toContainEqual(
      expect.objectContaining({ code: 'DONATION_NOT_PICKED', params: { title: 'Rice cooker' } }),
    );

    expect((await decline(product.id, requestId, seller.token)).json()).toMatchObject({
      error: { code: 'DONATION_REQUEST_NOT_PENDING' },
    });
    const late = await pick(product.id, requestId, seller.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'DONATION_REQUEST_NOT_PENDING' } });
    // The item is still listed: only that request ended.
    expect(await homeListIds()).toContain(product.id);
  });
});

describe('closing and withdrawing', () => {
  it('closes requests: pending ones declined kindly, no new ones, and the item leaves the lists', async () => {
    const { seller, product } = await donatedItem('Reading lamp');
    const requester = await registerUser(testApp.app);
    await requestIdOf(product.id, requester);
    const stranger = await registerUser(testApp.app);
    expect((await close(product.id, stranger.token)).statusCode).toBe(404);

    const response = await close(product.id, seller.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Requests are closed and the item is no longer listed.',
    });
    expect((await myRequests(requester.token))[0]).toMatchObject({ status: 'declined' });
    expect(await notificationsOf(requester)).toContainEqual(
      expect.objectContaining({ code: 'DONATION_NOT_PICKED', params: { title: 'Reading lamp' } }),
    );
    expect((await requestsOf(product.id, seller.token)).json()).toMatchObject({
      data: { isClosed: true, recipient: null },
    });

    const late = await ask(product.id, stranger.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'The giver is no longer taking requests for this item.' });
    expect(await homeListIds()).not.toContain(product.id);
    expect((await close(product.id, seller.token)).statusCode).toBe(200);

    // Listing it again opens requests again (the declined requester stays declined: one request each).
    const relist = await inject({
      method: 'PUT',
      url: `/api/myProducts/${product.id}`,
      headers: bearer(seller.token),
      payload: { availability: true },
    });
    expect(relist.statusCode).toBe(200);
    expect(await homeListIds()).toContain(product.id);
    expect((await ask(product.id, stranger.token)).statusCode).toBe(201);
    expect((await requestsOf(product.id, seller.token)).json()).toMatchObject({ data: { isClosed: false } });
  });

  it('lets a requester withdraw their own pending request, and nobody else', async () => {
    const { seller, product } = await donatedItem();
    const requester = await registerUser(testApp.app);
    const requestId = await requestIdOf(product.id, requester);
    const stranger = await registerUser(testApp.app);
    const withdraw = (token: string) =>
      inject({ method: 'DELETE', url: `/api/donation-requests/${requestId}`, headers: bearer(token) });

    expect((await withdraw(stranger.token)).statusCode).toBe(404);
    expect((await withdraw(seller.token)).statusCode).toBe(404);
    const response = await withdraw(requester.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Your request has been withdrawn.' });
    expect((await myRequests(requester.token))[0]).toMatchObject({ status: 'withdrawn' });
    expect((await withdraw(requester.token)).statusCode).toBe(409);

    const late = await pick(product.id, requestId, seller.token);
    expect(late.statusCode).toBe(409);
    // One request per person per item: a withdrawn request is not made again.
    expect((await ask(product.id, requester.token)).statusCode).toBe(409);
    const [row] = await testApp.app.db
      .select({ isAvailable: products.isAvailable })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.isAvailable).toBe(true);
  });
});

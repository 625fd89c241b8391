import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import { approvedListing, initialize, payInSandbox, sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, registerUser, type RegisteredUser, type TestApp } from '../../../test/helper';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

// A pickup order paid in the payment sandbox, not yet collected.
async function paidPickupOrder(people?: { seller: RegisteredUser }) {
  const seller = people?.seller;
  const { seller: owner, product } = seller
    ? { seller, product: await approvedListing(testApp.app, seller) }
    : await sellerWithListing(testApp.app);
  const buyer = await registerUser(testApp.app);
  const started = await initialize(testApp.app, buyer.token, { product_id: product.id });
  if (started.statusCode !== 201) throw new Error(`checkout failed: ${started.body}`);
  const { reference, orderId } = started.json<{ data: { reference: string; orderId: string } }>().data;
  const paid = await payInSandbox(testApp.app, reference);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.body}`);
  return { seller: owner, buyer, product, orderId };
}

const collect = (orderId: string, token: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/orders/${orderId}/collected`, headers: bearer(token) });
const rate = (
  orderId: string,
  token: string,
  payload: object = { rating: 5, text: 'Friendly seller, item as described.' },
) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/review`,
    headers: bearer(token),
    payload,
  });
const answer = (reviewId: string, token: string, text = 'Thank you, enjoy it!') =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/reply`,
    headers: bearer(token),
    payload: { text },
  });
const ordersOf = async (buyer: RegisteredUser) =>
  (
    await testApp.app.inject({ url: `/api/orders/user/${buyer.user.id}`, headers: bearer(buyer.token) })
  ).json<{
    data: {
      id: string;
      canReview: boolean;
      canConfirmCollection: boolean;
      review: { id: string; rating: number } | null;
      deliveredAt: string | null;
    }[];
  }>().data;

describe('rating the seller after an order', () => {
  it('lets the buyer rate only after collection, once, and shows the review on the seller page', async () => {
    const { seller, buyer, orderId } = await paidPickupOrder();
    expect((await ordersOf(buyer))[0]).toMatchObject({
      id: orderId,
      canReview: false,
      canConfirmCollection: true,
      review: null,
    });

    const early = await rate(orderId, buyer.token);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      error: { code: 'REVIEW_NOT_YET' },
      message: 'You can rate the seller once the item has been delivered or collected.',
    });

    const collected = await collect(orderId, buyer.token);
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toMatchObject({
      message: 'Thank you. The order is marked as collected.',
      data: { id: orderId },
    });
    // Confirming again changes nothing.
    expect((await collect(orderId, buyer.token)).json().data.deliveredAt).toBe(
      collected.json().data.deliveredAt,
    );
    expect((await ordersOf(buyer))[0]).toMatchObject({
      canReview: true,
      canConfirmCollection: false,
      deliveredAt: collected.json().data.deliveredAt,
    });

    const created = await rate(orderId, buyer.token, { rating: 4, text: '  Quick and friendly.  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Thank you for rating the seller.',
      data: { rating: 4, text: 'Quick and friendly.', buyer: { username: buyer.user.username }, reply: null },
    });
    const second = await rate(orderId, buyer.token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'REVIEW_ALREADY_SENT' } });
    expect((await ordersOf(buyer))[0]).toMatchObject({
      canReview: false,
      review: { id: created.json().data.id, rating: 4 },
    });

    const notices = (
      await testApp.app.inject({ url: '/api/notify/notifications', headers: bearer(seller.token) })
    ).json().data;
    expect(notices).toContainEqual(
      expect.objectContaining({
        code: 'REVIEW_RECEIVED',
        params: expect.objectContaining({
          buyer: buyer.user.username,
          rating: '4',
          username: seller.user.username,
        }),
      }),
    );

    const page = (await testApp.app.inject({ url: `/api/sellers/${seller.user.username}/reviews` })).json();
    expect(page.meta).toEqual({ page: 1, pageSize: 12, total: 1 });
    expect(page.data).toEqual([
      expect.objectContaining({ rating: 4, text: 'Quick and friendly.', productTitle: 'Blue Ankara gown' }),
    ]);
  });

  it('lets the buyer rate a courier order once it is delivered', async () => {
    const { buyer, orderId } = await paidPickupOrder();
    await testApp.app.db
      .update(orders)
      .set({ delivery: 'courier', deliveredAt: null })
      .where(eq(orders.id, orderId));
    expect((await rate(orderId, buyer.token)).statusCode).toBe(422);
    // A courier order is delivered by the courier's tracking, never confirmed by the buyer.
    expect((await collect(orderId, buyer.token)).json()).toMatchObject({
      error: { code: 'ORDER_NOT_COLLECTABLE' },
    });
    await testApp.app.db
      .update(orders)
      .set({ shipmentStatus: 'delivered', deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
    expect((await rate(orderId, buyer.token)).statusCode).toBe(201);
  });

  it('refuses unpaid orders, other users and bad input', async () => {
    const { seller, product } = await sellerWithListing(testApp.app);
    const buyer = await registerUser(testApp.app);
    const started = await initialize(testApp.app, buyer.token, { product_id: product.id });
    const pendingOrderId = started.json<{ data: { orderId: string } }>().data.orderId;
    expect((await collect(pendingOrderId, buyer.token)).statusCode).toBe(422);
    expect((await rate(pendingOrderId, buyer.token)).statusCode).toBe(422);

    const { orderId, buyer: realBuyer, seller: realSeller } = await paidPickupOrder();
    const stranger = await registerUser(testApp.app);
    expect((await collect(orderId, stranger.token)).statusCode).toBe(404);
    await collect(orderId, realBuyer.token);
    for (const token of [stranger.token, realSeller.token, seller.token]) {
      const response = await rate(orderId, token);
      expect(response.statusCode).toBe(404);
      expect(
        (await testApp.app.inject({ url: `/api/orders/${orderId}/review`, headers: bearer(token) }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: `/api/orders/${orderId}/review`,
          payload: { rating: 5, text: 'x' },
        })
      ).statusCode,
    ).toBe(401);

    for (const payload of [
      { rating: 0, text: 'ok' },
      { rating: 6, text: 'ok' },
      { rating: 3.5, text: 'ok' },
      { text: 'ok' },
    ]) {
      const response = await rate(orderId, realBuyer.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please choose from 1 to 5 stars.');
    }
    expect((await rate(orderId, realBuyer.token, { rating: 3, text: '   ' })).json().message).toBe(
      'Please write a few words about the seller.',
    );
    expect((await rate(orderId, realBuyer.token, { rating: 3, text: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await rate('not-an-id', realBuyer.token)).statusCode).toBe(404);
    // Nothing was stored by the refused attempts.
    const view = (
      await testApp.app.inject({ url: `/api/orders/${orderId}/review`, headers: bearer(realBuyer.token) })
    ).json();
    expect(view.data).toMatchObject({
      canReview: true,
      review: null,
      order: { id: orderId, seller: { username: realSeller.user.username }, delivery: 'pickup' },
    });
  });

  it('stores one review when the buyer sends two at once', async () => {
    const { buyer, orderId } = await paidPickupOrder();
    await collect(orderId, buyer.token);
    const replies = await Promise.all([
      rate(orderId, buyer.token),
      rate(orderId, buyer.token),
      rate(orderId, buyer.token),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('the seller’s answer', () => {
  it('lets the seller answer once, and nobody else', async () => {
    const { seller, buyer, orderId } = await paidPickupOrder();
    await collect(orderId, buyer.token);
    const reviewId = (await rate(orderId, buyer.token)).json().data.id as string;

    expect((await answer(reviewId, buyer.token)).statusCode).toBe(404);
    expect((await answer(reviewId, (await registerUser(testApp.app)).token)).statusCode).toBe(404);
    expect((await answer(reviewId, seller.token, ' ')).statusCode).toBe(400);

    const first = await answer(reviewId, seller.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Your answer has been published.',
      data: { reply: 'Thank you, enjoy it!' },
    });
    const second = await answer(reviewId, seller.token, 'Changed my mind');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'REVIEW_ALREADY_ANSWERED' } });
    const shown = (await testApp.app.inject({ url: `/api/sellers/${seller.user.username}/reviews` })).json()
      .data[0];
    expect(shown).toMatchObject({ reply: 'Thank you, enjoy it!' });
  });
});

describe('the public seller page', () => {
  it('shows the rating average and count, and the same on the product page', async () => {
    const { seller, buyer, orderId, product } = await paidPickupOrder();
    await collect(orderId, buyer.token);
    await rate(orderId, buyer.token, { rating: 5, text: 'Great' });
    for (const rating of [4, 4]) {
      const next = await paidPickupOrder({ seller });
      await collect(next.orderId, next.buyer.token);
      await rate(next.orderId, next.buyer.token, { rating, text: 'Good' });
    }
    const other = await approvedListing(testApp.app, seller, { title: 'Still for sale' });

    const profile = (
      await testApp.app.inject({ url: `/api/sellers/${seller.user.username.toUpperCase()}` })
    ).json();
    expect(profile.data).toMatchObject({
      username: seller.user.username,
      isVerified: true,
      rating: { average: 4.3, count: 3 },
    });
    expect(profile.data.memberSince).toEqual(expect.any(String));
    const detail = (await testApp.app.inject({ url: `/api/products/${other.id}` })).json();
    expect(detail.data.uploader.rating).toEqual({ average: 4.3, count: 3 });
    // The sold item is no longer on the page; the one still for sale is.
    const listings = (
      await testApp.app.inject({ url: `/api/sellers/${seller.user.username}/products` })
    ).json();
    expect(listings.data.map((card: { id: string }) => card.id)).toEqual([other.id]);
    expect(listings.data.map((card: { id: string }) => card.id)).not.toContain(product.id);
  });

  it('shows no contact details and only approved, available listings', async () => {
    const { seller } = await sellerWithListing(testApp.app, { title: 'Approved one' });
    await approvedListing(testApp.app, seller, { title: 'Pending one', status: 'pending' });
    await approvedListing(testApp.app, seller, { title: 'Rejected one', status: 'rejected' });
    await approvedListing(testApp.app, seller, { title: 'Withdrawn one', isAvailable: false });
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, seller.user.id));
    const viewer = await registerUser(testApp.app);

    for (const headers of [{}, bearer(viewer.token), bearer(seller.token)]) {
      const profile = await testApp.app.inject({ url: `/api/sellers/${seller.user.username}`, headers });
      const listings = await testApp.app.inject({
        url: `/api/sellers/${seller.user.username}/products`,
        headers,
      });
      const reviews = await testApp.app.inject({
        url: `/api/sellers/${seller.user.username}/reviews`,
        headers,
      });
      for (const body of [profile.body, listings.body, reviews.body]) {
        for (const secret of [row?.email, row?.phoneNumber, row?.street, row?.accountNumber, row?.fullName]) {
          expect(body).not.toContain(secret);
        }
      }
      expect(profile.json().data).toMatchObject({ rating: { average: null, count: 0 } });
      expect(listings.json().data.map((card: { title: string }) => card.title)).toEqual(['Approved one']);
      expect(listings.json().meta.total).toBe(1);
    }
    expect((await testApp.app.inject({ url: '/api/sellers/nobody-here' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ url: '/api/sellers/nobody-here/reviews' })).statusCode).toBe(404);
  });
});

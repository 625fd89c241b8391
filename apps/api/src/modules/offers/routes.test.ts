import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, offers, orders } from '../../db/schema';
import { buyer as newBuyer, approvedListing, initialize, sellerWithListing } from '../../../test/checkout';
import { bearer, buildTestApp, type TestApp } from '../../../test/helper';
import { answer, makeOffer, offerId, offersOf } from '../../../test/offers';
import { walkPages } from '../../../test/paging';
import { sweepOffers } from './sweep';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const app = () => testApp.app;
const notices = async (token: string) =>
  (await app().inject({ url: '/api/notify/notifications', headers: bearer(token) })).json<{
    data: { message: string; code: string }[];
  }>().data;
const allOffers = async (productId: string) =>
  app().db.select().from(offers).where(eq(offers.productId, productId));

describe('making an offer', () => {
  it('sends the offer to the seller, in their conversation about the listing, and tells them', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const reply = await makeOffer(app(), product.id, buyer.token, 8000);
    expect(reply.statusCode).toBe(201);
    const offer = reply.json().data;
    expect(reply.json().message).toBe('Your offer was sent to the seller.');
    expect(offer).toMatchObject({ status: 'pending', amount: 8000, role: 'buyer', listedPrice: 10_000 });
    const [conversation] = await app()
      .db.select()
      .from(conversations)
      .where(eq(conversations.productId, product.id));
    expect(offer.conversationId).toBe(conversation?.id);
    const sellerSees = await offersOf(app(), seller.token, `?conversationId=${conversation?.id}`);
    expect(sellerSees).toMatchObject([{ id: offer.id, status: 'pending', amount: 8000 }]);
    expect((await offersOf(app(), seller.token, '?role=selling')).map((row) => row.id)).toEqual([offer.id]);
    expect(await offersOf(app(), seller.token, '?role=buying')).toEqual([]);
    expect((await notices(seller.token))[0]?.message).toBe(
      `${buyer.user.username} offered ₦8,000 for "Blue Ankara gown". Accept, decline or counter it within 48 hours.`,
    );
  });

  it('refuses each bad offer with its message and status, and writes nothing', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const donation = await approvedListing(app(), seller, {
      tag: 'Donate',
      price: null,
      priceCategory: null,
    });
    const buyer = await newBuyer(app());
    const cases: [string, unknown, string | undefined, number, string][] = [
      [product.id, 8000, undefined, 401, 'LOGIN_REQUIRED'],
      [product.id, 8000, seller.token, 422, 'OFFER_OWN_PRODUCT'],
      [donation.id, 8000, buyer.token, 422, 'OFFER_NOT_FOR_SALE'],
      [product.id, 4999, buyer.token, 422, 'OFFER_TOO_LOW'],
      [product.id, 10_000, buyer.token, 422, 'OFFER_NOT_BELOW_PRICE'],
      [product.id, 12_000, buyer.token, 422, 'OFFER_NOT_BELOW_PRICE'],
      [product.id, 7999.5, buyer.token, 400, 'OFFER_AMOUNT_INVALID'],
      [product.id, 'lots', buyer.token, 400, 'OFFER_AMOUNT_INVALID'],
      [product.id, 100_000, buyer.token, 400, 'OFFER_AMOUNT_INVALID'],
      ['6f1c1a6e-0000-4000-8000-000000000000', 8000, buyer.token, 404, 'PRODUCT_NOT_FOUND'],
    ];
    for (const [productId, amount, token, status, code] of cases) {
      const reply = await makeOffer(app(), productId, token, amount);
      expect({ amount, status: reply.statusCode, code: reply.json().error.code }).toEqual({
        amount,
        status,
        code,
      });
    }
    const tooLow = await makeOffer(app(), product.id, buyer.token, 4999);
    expect(tooLow.json().message).toBe('An offer must be at least half the listed price.');
    expect(await allOffers(product.id)).toEqual([]);

    expect((await makeOffer(app(), product.id, buyer.token, 5000)).statusCode).toBe(201);
    const second = await makeOffer(app(), product.id, buyer.token, 6000);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have an open offer on this item. Wait for the answer or withdraw it.',
    );
    expect(await allOffers(product.id)).toHaveLength(1);
  });

  it('refuses an offer from a buyer the seller blocked in their messages', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const first = (await makeOffer(app(), product.id, buyer.token, 8000)).json().data;
    await answer(app(), first.id, buyer.token, 'withdraw');
    const blocked = await app().inject({
      method: 'POST',
      url: `/api/conversations/${first.conversationId}/block`,
      headers: bearer(seller.token),
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await makeOffer(app(), product.id, buyer.token, 8000);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'This seller has blocked you, so you cannot make them an offer.',
    ]);
    expect(await allOffers(product.id)).toHaveLength(1);
  });

  it('refuses offers on a sold item and on one someone is paying for', async () => {
    const { product } = await sellerWithListing(app(), { price: 10_000 });
    const payer = await newBuyer(app());
    expect((await initialize(app(), payer.token, { product_id: product.id })).statusCode).toBe(201);
    const other = await newBuyer(app());
    const held = await makeOffer(app(), product.id, other.token, 8000);
    expect([held.statusCode, held.json().error.code]).toEqual([409, 'PRODUCT_ON_HOLD']);
    await app().db.update(orders).set({ status: 'paid' }).where(eq(orders.productId, product.id));
    const sold = await makeOffer(app(), product.id, other.token, 8000);
    expect([sold.statusCode, sold.json().message]).toEqual([409, 'Sorry, this item has already been sold.']);
    expect(await allOffers(product.id)).toEqual([]);
  });

  it('allows at most 10 open offers per buyer', async () => {
    const { seller } = await sellerWithListing(app());
    const buyer = await newBuyer(app());
    const listings = await Promise.all(
      Array.from({ length: 11 }, () => approvedListing(app(), seller, { price: 10_000 })),
    );
    for (const listing of listings.slice(0, 10)) await offerId(app(), listing.id, buyer.token, 9000);
    const eleventh = await makeOffer(app(), listings[10]!.id, buyer.token, 9000);
    expect([eleventh.statusCode, eleventh.json().error.code]).toEqual([422, 'OFFER_LIMIT_REACHED']);
    const firstId = (await offersOf(app(), buyer.token, `?productId=${listings[0]!.id}`))[0]!.id;
    await answer(app(), firstId, buyer.token, 'withdraw');
    expect((await makeOffer(app(), listings[10]!.id, buyer.token, 9000)).statusCode).toBe(201);
  });
});

describe('answering an offer', () => {
  it('goes offer, counter, accept: the agreed price is the counter, and each step is told', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const id = await offerId(app(), product.id, buyer.token, 6000);

    // Only the other party answers, in turn.
    const stranger = await newBuyer(app());
    expect((await answer(app(), id, stranger.token, 'accept')).statusCode).toBe(404);
    const ownAccept = await answer(app(), id, buyer.token, 'accept');
    expect([ownAccept.statusCode, ownAccept.json().message]).toEqual([
      403,
      "It is the other person's turn to answer this offer.",
    ]);
    for (const amount of [6000, 5000, 10_000]) {
      const counter = await answer(app(), id, seller.token, 'counter', amount);
      expect([counter.statusCode, counter.json().error.code]).toEqual([422, 'OFFER_COUNTER_OUT_OF_RANGE']);
    }
    expect((await offersOf(app(), buyer.token))[0]).toMatchObject({ status: 'pending', amount: 6000 });

    const counter = await answer(app(), id, seller.token, 'counter', 8500);
    expect(counter.statusCode).toBe(200);
    expect(counter.json().data).toMatchObject({ status: 'countered', counterAmount: 8500, role: 'seller' });
    expect((await notices(buyer.token))[0]?.message).toBe(
      `${seller.user.username} answered your offer for "Blue Ankara gown" with ₦8,500. Accept it or withdraw within 48 hours.`,
    );
    expect((await answer(app(), id, seller.token, 'accept')).json().error.code).toBe('OFFER_NOT_YOUR_TURN');

    const accepted = await answer(app(), id, buyer.token, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', agreedAmount: 8500 });
    expect(accepted.json().data.holdExpiresAt).not.toBeNull();
    expect((await notices(seller.token))[0]?.message).toBe(
      `${buyer.user.username} accepted your counter-offer of ₦8,500 for "Blue Ankara gown". The item is held for them for 24 hours.`,
    );
    const again = await answer(app(), id, buyer.token, 'withdraw');
    expect([again.statusCode, again.json().message]).toEqual([409, 'This offer is no longer open.']);
  });

  it('lets the seller decline and the buyer withdraw, and tells the other', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const declined = await offerId(app(), product.id, buyer.token, 7000);
    expect((await answer(app(), declined, seller.token, 'decline')).json().data.status).toBe('declined');
    expect((await notices(buyer.token))[0]?.message).toBe(
      `${seller.user.username} declined your offer of ₦7,000 for "Blue Ankara gown".`,
    );
    const withdrawn = await offerId(app(), product.id, buyer.token, 7500);
    expect((await answer(app(), withdrawn, seller.token, 'withdraw')).statusCode).toBe(403);
    expect((await answer(app(), withdrawn, buyer.token, 'withdraw')).json().data.status).toBe('withdrawn');
    expect((await notices(seller.token))[0]?.message).toBe(
      `${buyer.user.username} withdrew their offer for "Blue Ankara gown".`,
    );
  });

  it('refuses an answer to an offer past 48 hours, and the sweep expires it and tells both', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const id = await offerId(app(), product.id, buyer.token, 7000);
    await app()
      .db.update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, id));
    expect((await offersOf(app(), buyer.token))[0]?.status).toBe('expired');
    const late = await answer(app(), id, seller.token, 'accept');
    expect([late.statusCode, late.json().message]).toEqual([409, 'This offer has expired.']);
    expect(await sweepOffers({ db: app().db })).toBeGreaterThanOrEqual(1);
    const [row] = await allOffers(product.id);
    expect(row?.status).toBe('expired');
    expect((await notices(buyer.token))[0]?.message).toBe(
      'The offer of ₦7,000 for "Blue Ankara gown" has expired.',
    );
    expect((await notices(seller.token))[0]?.code).toBe('OFFER_EXPIRED');
    // The buyer may offer again.
    expect((await makeOffer(app(), product.id, buyer.token, 7000)).statusCode).toBe(201);
  });

  it('ends the open offers when the item is sold, and refuses an accept then', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const id = await offerId(app(), product.id, buyer.token, 7000);
    const payer = await newBuyer(app());
    expect((await initialize(app(), payer.token, { product_id: product.id })).statusCode).toBe(201);
    const onHold = await answer(app(), id, seller.token, 'accept');
    expect([onHold.statusCode, onHold.json().error.code]).toEqual([409, 'PRODUCT_ON_HOLD']);
    await app().db.update(orders).set({ status: 'paid' }).where(eq(orders.productId, product.id));
    await app().db.execute(sql`update products set is_available = false where id = ${product.id}`);
    expect((await offersOf(app(), buyer.token))[0]?.status).toBe('ended');
    await sweepOffers({ db: app().db });
    expect((await allOffers(product.id))[0]?.status).toBe('ended');
    expect((await notices(buyer.token))[0]?.message).toBe(
      'Your offer for "Blue Ankara gown" has ended: the item was sold, withdrawn or its price changed.',
    );
  });
});

describe('my offers, a page at a time (issue 34)', () => {
  it('pages the offers made and received by cursor, newest first, every one once, and none of anyone else', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const buyer = await newBuyer(app());
    const other = await newBuyer(app());
    // Five declined offers of the buyer on the listing, the newest three in one microsecond, and one of another.
    await app().db.execute(sql`
      insert into offers (product_id, buyer_id, seller_id, amount, status, expires_at, created_at)
      select ${product.id}::uuid, ${buyer.user.id}::uuid, ${seller.user.id}::uuid, 5000 + g, 'declined', now(),
        timestamptz '2026-01-01 00:00:00.000777+00' + least(g, 3) * interval '1 second'
      from generate_series(1, 5) as g
      union all
      select ${product.id}::uuid, ${other.user.id}::uuid, ${seller.user.id}::uuid, 6000, 'declined', now(), now()`);

    const made = await walkPages<{ amount: number }>(app(), '/api/offers?role=buying', {
      pageSize: 2,
      token: buyer.token,
    });
    expect(made.map((page) => page.data.length)).toEqual([2, 2, 1]);
    const amounts = made.flatMap((page) => page.data.map((offer) => offer.amount));
    expect(new Set(amounts)).toEqual(new Set([5001, 5002, 5003, 5004, 5005]));
    expect(amounts.slice(3)).toEqual([5002, 5001]);

    const received = await walkPages<{ amount: number }>(app(), '/api/offers?role=selling', {
      pageSize: 4,
      token: seller.token,
    });
    expect(received.map((page) => page.data.length)).toEqual([4, 2]);
    expect(received[0]?.data[0]?.amount).toBe(6000);

    const tampered = await app().inject({
      url: '/api/offers?cursor=bm90LWEtY3Vyc29y',
      headers: bearer(buyer.token),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('CURSOR_INVALID');
  });

  it('pages made and received together, newest first across both, every one once, a tie to the microsecond too', async () => {
    const { seller, product } = await sellerWithListing(app(), { price: 10_000 });
    const { product: elsewhere, seller: otherSeller } = await sellerWithListing(app(), { price: 20_000 });
    const buyers = [await newBuyer(app()), await newBuyer(app()), await newBuyer(app())];
    // The seller receives three offers and makes three on another listing, interleaved in time; one received and
    // one made share a microsecond.
    await app().db.execute(sql`
      insert into offers (product_id, buyer_id, seller_id, amount, status, expires_at, created_at)
      values
        (${product.id}, ${buyers[0]!.user.id}, ${seller.user.id}, 7001, 'declined', now(), '2026-02-01T00:00:01.000001Z'),
        (${elsewhere.id}, ${seller.user.id}, ${otherSeller.user.id}, 9001, 'declined', now(), '2026-02-01T00:00:02.000001Z'),
        (${product.id}, ${buyers[1]!.user.id}, ${seller.user.id}, 7002, 'declined', now(), '2026-02-01T00:00:03.000001Z'),
        (${elsewhere.id}, ${seller.user.id}, ${otherSeller.user.id}, 9002, 'declined', now(), '2026-02-01T00:00:03.000001Z'),
        (${product.id}, ${buyers[2]!.user.id}, ${seller.user.id}, 7003, 'declined', now(), '2026-02-01T00:00:04.000001Z'),
        (${elsewhere.id}, ${seller.user.id}, ${otherSeller.user.id}, 9003, 'declined', now(), '2026-02-01T00:00:05.000001Z')`);

    const pages = await walkPages<{ id: string; amount: number; role: string }>(app(), '/api/offers', {
      pageSize: 2,
      token: seller.token,
    });
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2]);
    const walked = pages.flatMap((page) => page.data);
    expect(walked.map((offer) => offer.amount)).toEqual([
      9003,
      7003,
      ...[
        { amount: 7002, id: walked.find((offer) => offer.amount === 7002)!.id },
        { amount: 9002, id: walked.find((offer) => offer.amount === 9002)!.id },
      ]
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .map((offer) => offer.amount),
      9001,
      7001,
    ]);
    expect(walked.map((offer) => offer.role)).toEqual(
      walked.map((offer) => (offer.amount > 9000 ? 'buyer' : 'seller')),
    );
    // A page of one walks the same list.
    const onePerPage = await walkPages<{ id: string }>(app(), '/api/offers', {
      pageSize: 1,
      token: seller.token,
    });
    expect(onePerPage.flatMap((page) => page.data).map((offer) => offer.id)).toEqual(
      walked.map((offer) => offer.id),
    );
  });
});

import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Offer, OfferListQuery } from '@marketplace/shared/schemas/offers';
import type { Database } from '../../db/client';
import { media, offers, orders, productImages, products, users } from '../../db/schema';
import { inMicroTimeIdOrder, microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';

// Reading offers (decision 061): the caller's list, one offer, and the accepted offer that holds a listing.

type Executor = Pick<Database, 'select'>;

// Open: waiting for an answer (the seller's on a pending offer, the buyer's on a counter).
export const isOpen = sql`${offers.status} in ('pending', 'countered')`;

// An accepted offer holds its listing while its time has not run out (the database's clock, as checkout holds).
export const holdsListing = sql`${offers.status} = 'accepted' and ${offers.holdExpiresAt} > now()`;

// The accepted offer that holds a listing now, if any: its buyer pays the agreed amount (naira) at checkout,
// and nobody else may pay for the item meanwhile.
export async function findOfferHold(db: Executor, productId: string) {
  const [hold] = await db
    .select({
      id: offers.id,
      buyerId: offers.buyerId,
      amount: sql<number>`coalesce(${offers.agreedAmount}, ${offers.amount})`,
      holdExpiresAt: offers.holdExpiresAt,
    })
    .from(offers)
    .where(and(eq(offers.productId, productId), holdsListing))
    .limit(1);
  return hold ? { ...hold, holdExpiresAt: hold.holdExpiresAt ?? new Date() } : null;
}

const buyers = alias(users, 'offer_buyers');
const sellers = alias(users, 'offer_sellers');

const picture = sql<string | null>`(
  select ${media.url} from ${productImages}
  inner join ${media} on ${media.id} = ${productImages.mediaId}
  where ${productImages.productId} = ${products.id} and ${productImages.position} = ${products.primaryImageIndex}
  limit 1
)`;

// The status a reader sees: what the sweep will write, at once (an offer past its time is expired, one on a
// listing no longer for sale has ended, an accepted one its buyer paid is completed).
const paidByBuyer = sql`exists (select 1 from ${orders} where ${orders.productId} = ${offers.productId}
  and ${orders.buyerId} = ${offers.buyerId} and ${orders.status} = 'paid')`;
const shownStatus = sql<Offer['status']>`case
  when ${offers.status} = 'accepted' and ${paidByBuyer} then 'completed'
  when ${isOpen} and (not ${products.isAvailable} or ${products.status} <> 'approved') then 'ended'
  when ${isOpen} and ${offers.expiresAt} <= now() then 'expired'
  when ${offers.status} = 'accepted' and ${offers.holdExpiresAt} <= now() then 'expired'
  else ${offers.status} end`;

// The offers `where` keeps, newest first: one (the default), or a page of `paging` (microTimeIdPaging's order and
// key, and pageSize + 1).
function selectOffers(
  db: Executor,
  where: SQL | undefined,
  paging: { orderBy: SQL[]; key: SQL<string>; limit: number } = {
    orderBy: [desc(offers.createdAt), desc(offers.id)],
    key: sql<string>`''`,
    limit: 1,
  },
) {
  return db
    .select({
      offer: offers,
      status: shownStatus,
      product: { id: products.id, title: products.title, price: products.price, picture },
      buyer: { id: buyers.id, username: buyers.username },
      seller: { id: sellers.id, username: sellers.username },
      key: paging.key,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyers, eq(buyers.id, offers.buyerId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(where)
    .orderBy(...paging.orderBy)
    .limit(rowLimit(paging.limit));
}

type OfferRow = Awaited<ReturnType<typeof selectOffers>>[number];

function toOffer(row: OfferRow, readerId: string): Offer {
  const { offer } = row;
  return {
    id: offer.id,
    status: row.status,
    role: offer.buyerId === readerId ? 'buyer' : 'seller',
    amount: offer.amount,
    counterAmount: offer.counterAmount,
    agreedAmount: offer.agreedAmount,
    listedPrice: row.product.price,
    expiresAt: toIso(offer.expiresAt),
    holdExpiresAt: offer.holdExpiresAt ? toIso(offer.holdExpiresAt) : null,
    createdAt: toIso(offer.createdAt),
    updatedAt: toIso(offer.updatedAt),
    product: { id: row.product.id, title: row.product.title, picture: row.product.picture },
    buyer: row.buyer,
    seller: row.seller,
    conversationId: offer.conversationId,
  };
}

// GET /api/offers: the caller's offers (made or received), newest first, a page at a time by cursor. Made and
// received are read as two pages, each on its own index (offers_buyer_idx, offers_seller_idx), in one statement
// (inMicroTimeIdOrder): one condition over both sides (no role) sorted every offer the caller ever made or received.
export async function listOffers({
  db,
  userId,
  query,
}: {
  db: Database;
  userId: string;
  query: OfferListQuery;
}): Promise<{ items: Offer[]; meta: { pageSize: number; nextCursor: string | null } }> {
  const sides = [
    ...(query.role === 'selling' ? [] : [eq(offers.buyerId, userId)]),
    ...(query.role === 'buying' ? [] : [eq(offers.sellerId, userId)]),
  ];
  const { after, orderBy, key } = microTimeIdPaging(offers, { cursor: query.cursor, direction: 'newest' });
  const [first, second] = sides.map((side) =>
    selectOffers(
      db,
      and(
        side,
        query.productId ? eq(offers.productId, query.productId) : undefined,
        query.conversationId ? eq(offers.conversationId, query.conversationId) : undefined,
        after,
      ),
      { orderBy, key, limit: query.pageSize + 1 },
    ),
  );
  if (!first) throw new Error('a list of offers has at least one side');
  const rows: OfferRow[] = await (second ? unionAll(first, second) : first);
  const keyOf = (row: OfferRow) => ({ key: row.key, id: row.offer.id });
  const { items, nextCursor } = microTimeIdPage(inMicroTimeIdOrder(rows, keyOf), query.pageSize, keyOf);
  return {
    items: items.map((row) => toOffer(row, userId)),
    meta: { pageSize: query.pageSize, nextCursor },
  };
}

// One offer, for one of its two people only (anyone else learns nothing of it).
export async function getOffer(db: Database, id: string, userId: string): Promise<Offer> {
  const [row] = await selectOffers(
    db,
    and(eq(offers.id, id), or(eq(offers.buyerId, userId), eq(offers.sellerId, userId))),
  );
  if (!row) throw notFound('OFFER_NOT_FOUND');
  return toOffer(row, userId);
}

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OrderReview,
  Review,
  ReviewInputSchema,
  ReviewReplyInputSchema,
  SellerProfile,
} from '@marketplace/shared/schemas/reviews';
import type { SellerRating } from '@marketplace/shared/schemas/products';
import type { Database } from '../../db/client';
import { orders, reviews, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { usernameOf } from '../accounts/index';
import { notifyUser } from '../notifications/index';

// Reviews of sellers (issue #14, decision 026): the buyer of an order that reached them (delivered by the
// courier, or collected from the seller) rates the seller once; the seller may answer once.

type OrderRow = typeof orders.$inferSelect;

// The item reached its buyer: paid, and delivered by the courier or confirmed collected by the buyer
// (both stamp deliveredAt).
export const hasReachedBuyer = (order: Pick<OrderRow, 'status' | 'deliveredAt'>) =>
  order.status === 'paid' && order.deliveredAt !== null;

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  buyerUsername: users.username,
  productTitle: orders.productTitle,
};

type ReviewRow = {
  id: string;
  rating: number;
  text: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  buyerUsername: string;
  productTitle: string;
};

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  rating: row.rating,
  text: row.text,
  buyer: { username: row.buyerUsername },
  productTitle: row.productTitle,
  createdAt: toIso(row.createdAt),
  reply: row.reply,
  repliedAt: row.repliedAt ? toIso(row.repliedAt) : null,
});

function reviewQuery(db: Database) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.buyerId))
    .innerJoin(orders, eq(orders.id, reviews.orderId));
}

// Note: the buyer is part of the condition, so someone else's order is a 404 like a missing one.
async function buyersOrder(
  db: Database,
  { orderId, buyerId, lock = false }: { orderId: string; buyerId: string; lock?: boolean },
) {
  const query = db
    .select({ order: orders, sellerUsername: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  if (!row) throw notFound();
  return row;
}

export async function getOrderReview({
  db,
  orderId,
  buyerId,
}: {
  db: Database;
  orderId: string;
  buyerId: string;
}): Promise<OrderReview> {
  const { order, sellerUsername } = await buyersOrder(db, { orderId, buyerId });
  const [review] = await reviewQuery(db).where(eq(reviews.orderId, orderId)).limit(1);
  return {
    order: {
      id: order.id,
      productTitle: order.productTitle,
      seller: { username: sellerUsername },
      delivery: order.delivery,
      deliveredAt: order.deliveredAt ? toIso(order.deliveredAt) : null,
    },
    canReview: !review && hasReachedBuyer(order),
    review: review ? toReview(review) : null,
  };
}

// Note: the order row is locked while the review is written, and the unique index on the order is the
// last guard: of parallel reviews of one order exactly one is stored, the others get 409.
export async function createReview({
  db,
  orderId,
  buyerId,
  input,
}: {
  db: Database;
  orderId: string;
  buyerId: string;
  input: z.output<typeof ReviewInputSchema>;
}): Promise<Review> {
  const id = await db.transaction(async (tx) => {
    const { order } = await buyersOrder(tx, { orderId, buyerId, lock: true });
    if (!hasReachedBuyer(order)) throw unprocessable('REVIEW_NOT_YET');
    const [inserted] = await tx
      .insert(reviews)
      .values({ orderId, sellerId: order.sellerId, buyerId, rating: input.rating, text: input.text })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!inserted) throw conflict('REVIEW_ALREADY_SENT');
    const sellerName = await usernameOf(tx, order.sellerId);
    const buyerName = await usernameOf(tx, buyerId);
    await notifyUser({
      db: tx,
      userId: order.sellerId,
      content: {
        code: 'REVIEW_RECEIVED',
        params: {
          buyer: buyerName ?? '',
          rating: String(input.rating),
          title: order.productTitle,
          username: sellerName ?? '',
        },
      },
    });
    return inserted.id;
  });
  const [row] = await reviewQuery(db).where(eq(reviews.id, id)).limit(1);
  if (!row) throw notFound();
  return toReview(row);
}

// The seller's one answer. Note: another seller's review is a 404, like a missing one; a second answer is
// a 409 (the update only touches a review not yet answered, so of parallel answers one wins).
export async function replyToReview({
  db,
  reviewId,
  sellerId,
  input,
}: {
  db: Database;
  reviewId: string;
  sellerId: string;
  input: z.output<typeof ReviewReplyInputSchema>;
}): Promise<Review> {
  const [answered] = await db
    .update(reviews)
    .set({ reply: input.text, repliedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.sellerId, sellerId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  if (!answered) {
    const [existing] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.sellerId, sellerId)))
      .limit(1);
    throw existing ? conflict('REVIEW_ALREADY_ANSWERED') : notFound();
  }
  const [row] = await reviewQuery(db).where(eq(reviews.id, reviewId)).limit(1);
  if (!row) throw notFound();
  return toReview(row);
}

export async function sellerRating(db: Database, sellerId: string): Promise<SellerRating> {
  const [row] = await db
    .select({ average: sql<string | null>`round(avg(${reviews.rating}), 1)`, count: count() })
    .from(reviews)
    .where(eq(reviews.sellerId, sellerId));
  return {
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
    count: row?.count ?? 0,
  };
}

// The public seller page. Note: only what any visitor may see: never the e-mail, phone, address or bank.
export async function findSeller({
  db,
  username,
}: {
  db: Database;
  username: string;
}): Promise<SellerProfile> {
  const [seller] = await db
    .select({
      id: users.id,
      username: users.username,
      profilePicture: users.profilePicture,
      bio: users.bio,
      isVerified: users.isVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (!seller) throw notFound();
  return {
    id: seller.id,
    username: seller.username,
    profilePicture: seller.profilePicture,
    bio: seller.bio,
    isVerified: seller.isVerified,
    memberSince: toIso(seller.createdAt),
    rating: await sellerRating(db, seller.id),
  };
}

export async function listSellerReviews({
  db,
  sellerId,
  page,
  pageSize,
}: {
  db: Database;
  sellerId: string;
  page: number;
  pageSize: number;
}) {
  const [rows, [total]] = await Promise.all([
    reviewQuery(db)
      .where(eq(reviews.sellerId, sellerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(eq(reviews.sellerId, sellerId)),
  ]);
  return { items: rows.map(toReview), total: total?.total ?? 0 };
}

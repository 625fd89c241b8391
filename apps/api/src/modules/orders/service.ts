import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { Order } from '@marketplace/shared/schemas/payments';
import type { Database } from '../../db/client';
import { orders, reviews, transactions } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit, totalOf, type ListMeta } from '../../lib/cursor';
import { toIso } from '../../lib/db-errors';
import { notFound, unprocessable } from '../../lib/errors';
import { confirmReceipt, protectionOfOrders } from '../payouts/index';
import { hasReachedBuyer } from '../reviews/index';
import { orderColumns, orderSellers, toOrderFields } from './order-fields';

// The buyer's orders, newest first, a page at a time by cursor (pageSize, cursor, meta.nextCursor), each with its
// latest payment's reference, its review and its buyer protection. orders_buyer_idx serves the order.
export async function listOrdersOfBuyer({
  db,
  buyerId,
  windowSeconds,
  page,
}: {
  db: Database;
  buyerId: string;
  windowSeconds: number;
  page: PageQuery;
}): Promise<{ items: Order[]; meta: ListMeta }> {
  const { after, orderBy, key } = microTimeIdPaging(orders, { cursor: page.cursor, direction: 'newest' });
  const ofBuyer = eq(orders.buyerId, buyerId);
  const [found, total] = await Promise.all([
    db
      .select({ ...orderColumns, key })
      .from(orders)
      .innerJoin(orderSellers, eq(orderSellers.id, orders.sellerId))
      .where(and(ofBuyer, after))
      .orderBy(...orderBy)
      .limit(rowLimit(page.pageSize + 1)),
    totalOf(db, `orders:buyer:${buyerId}`, orders, ofBuyer),
  ]);
  const { items: rows, nextCursor } = microTimeIdPage(found, page.pageSize, (row) => ({
    key: row.key,
    id: row.order.id,
  }));
  const items = await withPaymentsAndReviews(db, rows, windowSeconds);
  return { items, meta: { pageSize: page.pageSize, nextCursor, ...total } };
}

// Each order of the page with its latest payment, its review and its buyer protection.
async function withPaymentsAndReviews(
  db: Database,
  rows: {
    order: typeof orders.$inferSelect;
    seller: { id: string; username: string };
    picture: string | null;
  }[],
  windowSeconds: number,
): Promise<Order[]> {
  const payments = rows.length
    ? await db
        .select({
          orderId: transactions.orderId,
          reference: transactions.reference,
          paidAt: transactions.paidAt,
        })
        .from(transactions)
        .where(
          inArray(
            transactions.orderId,
            rows.map((row) => row.order.id),
          ),
        )
        .orderBy(desc(transactions.createdAt))
    : [];
  const written = rows.length
    ? await db
        .select({ orderId: reviews.orderId, id: reviews.id, rating: reviews.rating })
        .from(reviews)
        .where(
          inArray(
            reviews.orderId,
            rows.map((row) => row.order.id),
          ),
        )
    : [];
  const protection = await protectionOfOrders(
    db,
    rows.map((row) => row.order.id),
    windowSeconds,
  );
  return rows.map(({ order, seller, picture }) => {
    const payment = payments.find((candidate) => candidate.orderId === order.id);
    const review = written.find((candidate) => candidate.orderId === order.id);
    return {
      ...toOrderFields(order, seller, picture),
      reference: payment?.reference ?? null,
      paidAt: payment?.paidAt ? toIso(payment.paidAt) : null,
      createdAt: toIso(order.createdAt),
      review: review ? { id: review.id, rating: review.rating } : null,
      canReview: !review && hasReachedBuyer(order),
      canConfirmCollection: isAwaitingCollection(order),
      protection: protection.get(order.id) ?? null,
    };
  });
}

// A paid pickup order its buyer has not yet confirmed as collected.
const isAwaitingCollection = (order: typeof orders.$inferSelect) =>
  order.status === 'paid' && order.delivery === 'pickup' && order.deliveredAt === null;

// The buyer confirms they collected a pickup order from the seller (issue #14, decision 026): the order
// counts as reached, like a courier's delivery (deliveredAt), and the buyer may rate the seller; like a
// confirmation of receipt, it releases the seller's held payout (decision 058). Confirming again changes
// nothing. Note: someone else's order is a 404, like a missing one.
export async function confirmCollection({
  db,
  orderId,
  buyerId,
}: {
  db: Database;
  orderId: string;
  buyerId: string;
}) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  if (!order) throw notFound();
  if (order.status !== 'paid' || order.delivery !== 'pickup') throw unprocessable('ORDER_NOT_COLLECTABLE');
  const { deliveredAt } = await confirmReceipt({ db, orderId, buyerId });
  return { id: orderId, deliveredAt };
}

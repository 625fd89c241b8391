import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Order, Transaction, UserTransaction } from '@marketplace/shared/schemas/payments';
import type { Database } from '../../db/client';
import { media, orders, productImages, products, reviews, transactions, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { notFound, unprocessable } from '../../lib/errors';
import { hasReachedBuyer } from '../reviews/service';

const ORDERS_LIMIT = 500;

const sellers = alias(users, 'sellers');

// The product's primary picture, while the product still exists.
const pictureUrl = sql<string | null>`(
  select ${media.url} from ${productImages}
  inner join ${media} on ${media.id} = ${productImages.mediaId}
  inner join ${products} on ${products.id} = ${productImages.productId}
  where ${productImages.productId} = ${orders.productId} and ${productImages.position} = ${products.primaryImageIndex}
  limit 1
)`;

const transactionColumns = {
  transaction: transactions,
  order: orders,
  user: users,
  seller: { id: sellers.id, username: sellers.username },
  picture: pictureUrl,
};

type TransactionRow = {
  transaction: typeof transactions.$inferSelect;
  order: typeof orders.$inferSelect;
  user: typeof users.$inferSelect;
  seller: { id: string; username: string };
  picture: string | null;
};

function toOrderFields(order: typeof orders.$inferSelect, seller: { id: string; username: string }, picture: string | null) {
  return {
    id: order.id,
    status: order.status,
    product: { id: order.productId, title: order.productTitle, picture },
    seller: { id: seller.id, username: seller.username },
    quantity: order.quantity,
    shipmentReference: order.shipmentReference,
    shipmentStatus: order.shipmentStatus,
    productAmount: order.productAmount,
    transactionCharge: order.transactionCharge,
    delivery: order.delivery,
    deliveryFee: order.deliveryFee,
    courierName: order.courierName,
    bookingStatus: order.bookingStatus,
    deliveredAt: order.deliveredAt ? toIso(order.deliveredAt) : null,
  };
}

function toTransaction({ transaction, order, user, seller, picture }: TransactionRow): Transaction {
  return {
    id: transaction.id,
    reference: transaction.reference,
    amount: transaction.amount,
    currency: transaction.currency,
    status: transaction.status,
    paymentMethod: transaction.paymentMethod,
    transactionId: transaction.transactionId,
    customerEmail: transaction.customerEmail,
    paidAt: transaction.paidAt ? toIso(transaction.paidAt) : null,
    createdAt: toIso(transaction.createdAt),
    user: {
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      city: user.city,
      state: user.state,
      country: user.country,
      street: user.street,
    },
    order: toOrderFields(order, seller, picture),
  };
}

function transactionQuery(db: Database) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId));
}

async function pageOf(db: Database, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    transactionQuery(db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

// Every payment with its buyer and order, newest first (the admin transactions screen), or only the one of
// a reference.
export async function listAllTransactions({
  db,
  page,
  pageSize,
  reference,
}: {
  db: Database;
  page: number;
  pageSize: number;
  reference?: string | undefined;
}) {
  const where = reference === undefined ? undefined : eq(transactions.reference, reference);
  const { rows, total } = await pageOf(db, where, page, pageSize);
  return { items: rows.map(toTransaction), total };
}

// The user's own payments, as buyer and as seller, newest first.
export async function listUserTransactions({
  db,
  userId,
  page,
  pageSize,
}: {
  db: Database;
  userId: string;
  page: number;
  pageSize: number;
}): Promise<{ items: UserTransaction[]; total: number }> {
  const where = or(eq(transactions.userId, userId), eq(orders.sellerId, userId));
  const { rows, total } = await pageOf(db, where, page, pageSize);
  const items = rows.map((row) => ({ ...toTransaction(row), role: row.transaction.userId === userId ? ('buyer' as const) : ('seller' as const) }));
  return { items, total };
}

export async function findTransaction({ db, reference }: { db: Database; reference: string }) {
  const [row] = await transactionQuery(db).where(eq(transactions.reference, reference)).limit(1);
  return row ? { transaction: toTransaction(row), buyerId: row.transaction.userId, sellerId: row.order.sellerId } : null;
}

// The buyer's orders, newest first, each with its latest payment's reference.
export async function listOrdersOfBuyer({ db, buyerId }: { db: Database; buyerId: string }): Promise<Order[]> {
  const rows = await db
    .select({ order: orders, seller: { id: sellers.id, username: sellers.username }, picture: pictureUrl })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.buyerId, buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_LIMIT);
  const payments = rows.length
    ? await db
        .select({ orderId: transactions.orderId, reference: transactions.reference, paidAt: transactions.paidAt })
        .from(transactions)
        .where(inArray(transactions.orderId, rows.map((row) => row.order.id)))
        .orderBy(desc(transactions.createdAt))
    : [];
  const written = rows.length
    ? await db
        .select({ orderId: reviews.orderId, id: reviews.id, rating: reviews.rating })
        .from(reviews)
        .where(inArray(reviews.orderId, rows.map((row) => row.order.id)))
    : [];
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
    };
  });
}

// A paid pickup order its buyer has not yet confirmed as collected.
const isAwaitingCollection = (order: typeof orders.$inferSelect) => order.status === 'paid' && order.delivery === 'pickup' && order.deliveredAt === null;

// The buyer confirms they collected a pickup order from the seller (issue #14, decision 026): the order
// counts as reached, like a courier's delivery (deliveredAt), and the buyer may rate the seller. Confirming
// again changes nothing. Note: someone else's order is a 404, like a missing one.
export async function confirmCollection({ db, orderId, buyerId }: { db: Database; orderId: string; buyerId: string }) {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId))).limit(1);
  if (!order) throw notFound();
  if (order.status !== 'paid' || order.delivery !== 'pickup') throw unprocessable('ORDER_NOT_COLLECTABLE');
  const [updated] = await db
    .update(orders)
    .set({ deliveredAt: sql`coalesce(${orders.deliveredAt}, now())` })
    .where(eq(orders.id, orderId))
    .returning({ deliveredAt: orders.deliveredAt });
  return { id: orderId, deliveredAt: toIso(updated?.deliveredAt ?? new Date()) };
}

// Paystack settles a subaccount's share the next day: a sale paid in the last day is a pending payout.
const SETTLEMENT_DELAY_MS = 24 * 60 * 60 * 1000;
const RECENT_SALES = 10;

// A seller's sales: what buyers paid, the seller's share, the platform's fee, what is yet to be settled.
export async function accountSummary({ db, sellerId, now = new Date() }: { db: Database; sellerId: string; now?: Date }) {
  const paid = and(eq(orders.sellerId, sellerId), eq(orders.status, 'paid'), eq(transactions.status, 'success'));
  const settledBefore = new Date(now.getTime() - SETTLEMENT_DELAY_MS);
  const [totals] = await db
    .select({
      salesCount: count(),
      salesTotal: sql<number>`coalesce(sum(${orders.productAmount}), 0)::int`,
      fees: sql<number>`coalesce(sum(${orders.transactionCharge}), 0)::int`,
      pendingPayouts: sql<number>`coalesce(sum(${orders.productAmount} - ${orders.transactionCharge}) filter (where ${transactions.paidAt} > ${settledBefore.toISOString()}::timestamptz), 0)::int`,
    })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .where(paid);
  const [held] = await db
    .select({ onHoldCount: count() })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'pending'), sql`${orders.holdExpiresAt} > ${now.toISOString()}::timestamptz`));
  const recent = await db
    .select({ order: orders, transaction: transactions, buyer: { username: users.username } })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(paid)
    .orderBy(desc(transactions.paidAt))
    .limit(RECENT_SALES);
  const salesTotal = Number(totals?.salesTotal ?? 0);
  const fees = Number(totals?.fees ?? 0);
  return {
    currency: 'NGN' as const,
    salesCount: totals?.salesCount ?? 0,
    salesTotal,
    earned: salesTotal - fees,
    fees,
    pendingPayouts: Number(totals?.pendingPayouts ?? 0),
    onHoldCount: held?.onHoldCount ?? 0,
    recentSales: recent.map(({ order, transaction, buyer }) => ({
      reference: transaction.reference,
      productTitle: order.productTitle,
      amount: order.productAmount,
      transactionCharge: order.transactionCharge,
      sellerAmount: order.productAmount - order.transactionCharge,
      paidAt: toIso(transaction.paidAt ?? transaction.createdAt),
      buyer,
    })),
  };
}

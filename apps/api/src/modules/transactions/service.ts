import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { sellerShareKobo } from '@marketplace/shared/money';
import type { Transaction, UserTransaction } from '@marketplace/shared/schemas/payments';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import { iso, literalLimit, Params } from '../../db/card-sql';
import type { Database } from '../../db/client';
import { jsonItemsPage, microTimeIdPagingSql, totalOf, type ListMeta } from '../../lib/cursor';
import { orders, payouts, transactions, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { orderColumns, orderFieldsSql, orderSellers, toOrderFields } from '../orders/index';
import { protectionOfOrders } from '../payouts/index';

// The buyer's fields a transaction shows, not the whole account row (30 columns): Drizzle maps each column of
// each row.
const buyerColumns = {
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  city: users.city,
  state: users.state,
  country: users.country,
  street: users.street,
};

const transactionColumns = {
  transaction: transactions,
  ...orderColumns,
  user: buyerColumns,
};

type TransactionRow = {
  transaction: typeof transactions.$inferSelect;
  order: typeof orders.$inferSelect;
  user: { [Key in keyof typeof buyerColumns]: (typeof users.$inferSelect)[Key] };
  seller: { id: string; username: string };
  picture: string | null;
};

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
    user,
    order: toOrderFields(order, seller, picture),
  };
}

function transactionQuery(db: Database) {
  return db
    .select(transactionColumns)
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .innerJoin(orderSellers, eq(orderSellers.id, orders.sellerId));
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

// A payment as TransactionSchema's JSON, written by PostgreSQL (toTransaction in SQL), with its order's joins:
// `t` the payment, `b` its buyer, `o` its order.
const orderSql = orderFieldsSql('o', 's');
const TRANSACTION_JSON = `json_build_object('id', t.id, 'reference', t.reference, 'amount', t.amount,
  'currency', t.currency, 'status', t.status, 'paymentMethod', t.payment_method, 'transactionId', t.transaction_id,
  'customerEmail', t.customer_email, 'paidAt', ${iso('t.paid_at')}, 'createdAt', ${iso('t.created_at')},
  'user', json_build_object('username', b.username, 'fullName', b.full_name, 'email', b.email,
    'phoneNumber', b.phone_number, 'city', b.city, 'state', b.state, 'country', b.country, 'street', b.street),
  'order', ${orderSql.json})::text`;

// Every payment with its buyer and order, newest first (the admin transactions screen), a page at a time
// by cursor (transactions_created_idx serves any page; the total counts up to TOTAL_CAP), or only the one of
// a reference. PostgreSQL writes each item's JSON and the API joins the texts (decision 084): mapping 60 rows
// of three tables in JavaScript and checking them against the reply's schema was most of the list's CPU.
export function listAllTransactions({
  db,
  page,
  reference,
}: {
  db: Database;
  page: PageQuery;
  reference?: string | undefined;
}): Promise<{ data: string; meta: ListMeta }> {
  const params = new Params();
  const { after, orderBy, key } = microTimeIdPagingSql('t', {
    cursor: page.cursor,
    direction: 'newest',
    params,
  });
  const byReference = reference === undefined ? 'true' : `t.reference = ${params.add(reference, 'text')}`;
  const text = `select ${TRANSACTION_JSON} as item, ${key} as key, t.id
    from transactions t join orders o on o.id = t.order_id join users b on b.id = t.user_id ${orderSql.joins}
    where ${byReference} and ${after} order by ${orderBy} limit ${literalLimit(page.pageSize + 1)}`;
  return jsonItemsPage(db, {
    text,
    values: params.values,
    pageSize: page.pageSize,
    // One payment at most has a reference: only the whole list can be past the cap.
    total: totalOf(
      db,
      reference === undefined ? 'transactions' : `transactions:${reference}`,
      transactions,
      reference === undefined ? undefined : eq(transactions.reference, reference),
    ),
  });
}

// The user's own payments, as buyer and as seller, newest first.
export async function listUserTransactions({
  db,
  userId,
  page,
  pageSize,
  windowSeconds,
}: {
  db: Database;
  userId: string;
  page: number;
  pageSize: number;
  windowSeconds: number;
}): Promise<{ items: UserTransaction[]; total: number }> {
  const where = or(eq(transactions.userId, userId), eq(orders.sellerId, userId));
  const { rows, total } = await pageOf(db, where, page, pageSize);
  const protection = await protectionOfOrders(
    db,
    rows.filter((row) => row.transaction.status === 'success').map((row) => row.order.id),
    windowSeconds,
  );
  const items = rows.map((row) => {
    const role = row.transaction.userId === userId ? ('buyer' as const) : ('seller' as const);
    // A seller sees the item's amount and their share of it, never the delivery fee they do not receive.
    const itemAmount = row.order.productAmount;
    return {
      ...toTransaction(row),
      role,
      itemAmount,
      sellerAmount: role === 'seller' ? sellerShareKobo(itemAmount) : null,
      protection: protection.get(row.order.id) ?? null,
    };
  });
  return { items, total };
}

export async function findTransaction({ db, reference }: { db: Database; reference: string }) {
  const [row] = await transactionQuery(db).where(eq(transactions.reference, reference)).limit(1);
  return row
    ? { transaction: toTransaction(row), buyerId: row.transaction.userId, sellerId: row.order.sellerId }
    : null;
}

// Split payouts: Paystack settles a subaccount's share the next day, so a sale paid in the last day is a
// pending payout. Protected payouts: the payouts not yet paid are pending (decision 058).
const SETTLEMENT_DELAY_MS = 24 * 60 * 60 * 1000;
const RECENT_SALES = 10;

// A seller's sales: what buyers paid, the seller's share, the platform's fee, what is yet to be settled.
export async function accountSummary({
  db,
  sellerId,
  windowSeconds,
  now = new Date(),
}: {
  db: Database;
  sellerId: string;
  windowSeconds: number;
  now?: Date;
}) {
  const paid = and(
    eq(orders.sellerId, sellerId),
    eq(orders.status, 'paid'),
    eq(transactions.status, 'success'),
  );
  const settledBefore = new Date(now.getTime() - SETTLEMENT_DELAY_MS);
  const [totals] = await db
    .select({
      salesCount: count(),
      salesTotal: sql<number>`coalesce(sum(${orders.productAmount}), 0)::int`,
      fees: sql<number>`coalesce(sum(${orders.transactionCharge}), 0)::int`,
      pendingPayouts: sql<number>`coalesce(sum(${orders.productAmount} - ${orders.transactionCharge}) filter (where ${transactions.paidAt} > ${settledBefore.toISOString()}::timestamptz and not exists (select 1 from ${payouts} where ${payouts.orderId} = ${orders.id})), 0)::int`,
    })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .where(paid);
  const [held] = await db
    .select({ onHoldCount: count() })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.status, 'pending'),
        sql`${orders.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  const recent = await db
    .select({ order: orders, transaction: transactions, buyer: { username: users.username } })
    .from(orders)
    .innerJoin(transactions, eq(transactions.orderId, orders.id))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(paid)
    .orderBy(desc(transactions.paidAt))
    .limit(RECENT_SALES);
  const [payoutTotals] = await db
    .select({
      count: count(),
      unpaid: sql<number>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} in ('held', 'disputed', 'releasing', 'failed', 'refunding')), 0)::int`,
      paidOut: sql<number>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'paid'), 0)::int`,
    })
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId));
  const protection = await protectionOfOrders(
    db,
    recent.map((row) => row.order.id),
    windowSeconds,
  );
  const salesTotal = Number(totals?.salesTotal ?? 0);
  const fees = Number(totals?.fees ?? 0);
  return {
    currency: 'NGN' as const,
    salesCount: totals?.salesCount ?? 0,
    salesTotal,
    earned: salesTotal - fees,
    fees,
    // Sales paid under split payouts have no payout row; both kinds add up.
    pendingPayouts: Number(totals?.pendingPayouts ?? 0) + Number(payoutTotals?.unpaid ?? 0),
    paidOut: Number(payoutTotals?.paidOut ?? 0),
    onHoldCount: held?.onHoldCount ?? 0,
    recentSales: recent.map(({ order, transaction, buyer }) => ({
      reference: transaction.reference,
      productTitle: order.productTitle,
      amount: order.productAmount,
      transactionCharge: order.transactionCharge,
      sellerAmount: order.productAmount - order.transactionCharge,
      paidAt: toIso(transaction.paidAt ?? transaction.createdAt),
      buyer,
      protection: protection.get(order.id) ?? null,
    })),
  };
}

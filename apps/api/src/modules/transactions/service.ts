import { desc, eq } from 'drizzle-orm';
import type { Order, Transaction } from '@marketplace/shared/schemas/payments';
import type { Database } from '../../db/client';
import { orders, transactions, users } from '../../db/schema';
import { toIso } from '../../lib/db-errors';

const LIST_LIMIT = 500;

// Every payment with its buyer and order; an admin sees all, a user only their own.
export async function listTransactions({ db, userId }: { db: Database; userId?: string }): Promise<Transaction[]> {
  const rows = await db
    .select({ transaction: transactions, order: orders, user: users })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(userId ? eq(transactions.userId, userId) : undefined)
    .orderBy(desc(transactions.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(({ transaction, order, user }) => ({
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
    order: {
      id: order.id,
      product: { id: order.productId, title: order.productTitle },
      quantity: order.quantity,
      shipmentReference: order.shipmentReference,
      shipmentStatus: order.shipmentStatus,
      productAmount: order.productAmount,
      transactionCharge: order.transactionCharge,
    },
  }));
}

export async function listOrdersOfBuyer({ db, buyerId }: { db: Database; buyerId: string }): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.buyerId, buyerId)).orderBy(desc(orders.createdAt)).limit(LIST_LIMIT);
  return rows.map((order) => ({
    id: order.id,
    product: { id: order.productId, title: order.productTitle },
    quantity: order.quantity,
    shipmentReference: order.shipmentReference,
    shipmentStatus: order.shipmentStatus,
    productAmount: order.productAmount,
    transactionCharge: order.transactionCharge,
    createdAt: toIso(order.createdAt),
  }));
}

import { and, eq, ne, sql } from 'drizzle-orm';
import { CURRENCY } from '@marketplace/shared/constants';
import type { PayoutSettings } from '../../config';
import type { Database } from '../../db/client';
import { orders, products, transactions, users } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import type { PaymentsProvider, ProviderPayment } from '../../providers/payments/index';
import { providerFailure } from '../banking/index';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { holdPayout } from '../payouts/index';
import { queueBooking } from '../shipping/index';
import { notices } from './notices';

export type CompletionLog = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type Outcome = 'unknown' | 'unchanged' | 'paid' | 'declined' | 'refund_pending' | 'refunded';
type Step = Outcome | 'refund_retry';

// The one completion path (webhook and both verify calls). Given what the provider says of a
// payment, it changes our records at most once:
// - success with the stored amount and currency, the item still free (or held by this order): the
//   transaction is paid, the order paid, the item sold (unavailable), buyer, seller and admins told;
// - success but the item was sold to someone else, withdrawn, or is held by another buyer: the payment
//   is refunded through the provider, the transaction marked refunded, the buyer and admins told;
// - success with another amount or currency: not completed and refunded like the above, buyer and admins told;
// - failed: the order is cancelled, which ends its hold.
// Note: the transaction row is locked (FOR UPDATE) and its status decides, so replays, a second
// verify, or a webhook after a verify change nothing. Locks are taken transaction first, product second.
export async function settlePayment({
  db,
  payments,
  log,
  payment,
  payouts,
}: {
  db: Database;
  payments: PaymentsProvider;
  log: CompletionLog;
  payment: ProviderPayment;
  payouts: PayoutSettings;
}): Promise<Outcome> {
  const outcome = await db
    .transaction(async (tx): Promise<Step> => {
      const [row] = await tx
        .select({ transaction: transactions, order: orders })
        .from(transactions)
        .innerJoin(orders, eq(orders.id, transactions.orderId))
        .where(eq(transactions.reference, payment.reference))
        .for('update', { of: transactions });
      if (!row) return 'unknown';
      const { transaction, order } = row;
      if (transaction.status === 'refund_pending') return 'refund_retry';
      const isOpen =
        transaction.status === 'pending' ||
        transaction.status === 'abandoned' ||
        (transaction.status === 'failed' && transaction.failureReason === 'declined');
      if (!isOpen) return 'unchanged';

      if (payment.status === 'failed') {
        if (transaction.status !== 'pending') return 'unchanged';
        await tx
          .update(transactions)
          .set({ status: 'failed', failureReason: 'declined' })
          .where(eq(transactions.id, transaction.id));
        await tx
          .update(orders)
          .set({ status: 'cancelled', holdExpiresAt: null })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
        return 'declined';
      }
      if (payment.status !== 'success') return 'unchanged';

      const paidFields = {
        paidAt: payment.paidAt ?? new Date(),
        paymentMethod: payment.channel,
        transactionId: payment.providerId,
      };
      if (
        payment.amount !== transaction.amount ||
        payment.currency !== transaction.currency ||
        transaction.currency !== CURRENCY
      ) {
        const reason = payment.currency !== transaction.currency ? 'currency_mismatch' : 'amount_mismatch';
        await tx
          .update(transactions)
          .set({ status: 'refund_pending', failureReason: reason, ...paidFields })
          .where(eq(transactions.id, transaction.id));
        await tx
          .update(orders)
          .set({ status: 'cancelled', holdExpiresAt: null })
          .where(eq(orders.id, order.id));
        await notifyAdmins({
          db: tx,
          content: notices.adminMismatch(
            order.productTitle,
            transaction.reference,
            transaction.amount,
            payment.amount,
            payment.currency,
          ),
        });
        return 'refund_pending';
      }

      const isFree = order.productId ? await itemIsFreeFor(tx, order.productId, order.id) : false;
      if (!isFree) {
        await tx
          .update(transactions)
          .set({ status: 'refund_pending', failureReason: 'item_sold', ...paidFields })
          .where(eq(transactions.id, transaction.id));
        await tx
          .update(orders)
          .set({ status: 'cancelled', holdExpiresAt: null })
          .where(eq(orders.id, order.id));
        return 'refund_pending';
      }

      await tx
        .update(transactions)
        .set({ status: 'success', failureReason: null, ...paidFields })
        .where(eq(transactions.id, transaction.id));
      await tx.update(orders).set({ status: 'paid', holdExpiresAt: null }).where(eq(orders.id, order.id));
      await tx
        .update(products)
        .set({ isAvailable: false })
        .where(eq(products.id, order.productId ?? ''));
      const people = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`${users.id} in (${order.buyerId}, ${order.sellerId})`);
      const nameOf = (id: string) => people.find((person) => person.id === id)?.username ?? '';
      const buyer = nameOf(order.buyerId);
      const seller = nameOf(order.sellerId);
      const sellerAmount = order.productAmount - order.transactionCharge;
      const courier = order.delivery === 'courier' ? (order.courierName ?? '') : null;
      const isProtected = payouts.mode === 'protected';
      // Protected payouts: the seller's share waits on the platform's balance until the buyer has the item.
      if (isProtected) await holdPayout(tx, { ...order, status: 'paid' });
      await notifyUser({
        db: tx,
        userId: order.buyerId,
        content:
          courier === null
            ? notices.buyerPaid(order.productTitle, transaction.amount, seller, transaction.reference)
            : notices.buyerPaidForDelivery(
                order.productTitle,
                transaction.amount,
                courier,
                transaction.reference,
              ),
      });
      const sale = { title: order.productTitle, sellerAmount, buyer, reference: transaction.reference };
      await notifyUser({
        db: tx,
        userId: order.sellerId,
        content: isProtected
          ? notices.sellerSoldHeld(sale, courier, payouts.protectionWindowSeconds)
          : courier === null
            ? notices.sellerSold(order.productTitle, sellerAmount, buyer, transaction.reference)
            : notices.sellerSoldForDelivery(
                order.productTitle,
                sellerAmount,
                buyer,
                courier,
                transaction.reference,
              ),
      });
      await notifyAdmins({
        db: tx,
        content: notices.adminPaid(
          order.productTitle,
          transaction.amount,
          buyer,
          seller,
          transaction.reference,
        ),
      });
      // The courier is booked by a job queued in this same transaction: it exists exactly when the sale does.
      if (order.delivery === 'courier') await queueBooking(tx, order.id);
      return 'paid';
    })
    .catch((error: unknown) => {
      // Note: the database's last guard (one paid order per product) caught a sale the locks should have
      // prevented; nothing was written, and the payment is treated like a late one.
      if (uniqueViolation(error) === 'orders_one_paid_per_product') return markForRefund(db, payment);
      throw error;
    });

  if (outcome !== 'refund_pending' && outcome !== 'refund_retry') return outcome;
  return refundLatePayment({
    db,
    payments,
    log,
    reference: payment.reference,
    isFirstAttempt: outcome === 'refund_pending',
  });
}

// The item can be sold to this order: it exists, is approved and available (or this order's own
// hold made it so), nobody paid for it, and no other buyer holds it right now.
async function itemIsFreeFor(
  tx: Pick<Database, 'select'>,
  productId: string,
  orderId: string,
): Promise<boolean> {
  const [product] = await tx
    .select({ status: products.status, isAvailable: products.isAvailable })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product || product.status !== 'approved' || !product.isAvailable) return false;
  const [other] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.productId, productId),
        ne(orders.id, orderId),
        sql`(${orders.status} = 'paid' or (${orders.status} = 'pending' and ${orders.holdExpiresAt} > now()))`,
      ),
    )
    .limit(1);
  return !other;
}

async function markForRefund(db: Database, payment: ProviderPayment): Promise<Outcome> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.reference, payment.reference))
      .for('update');
    if (!row || (row.status !== 'pending' && row.status !== 'abandoned')) return;
    await tx
      .update(transactions)
      .set({
        status: 'refund_pending',
        failureReason: 'item_sold',
        paidAt: payment.paidAt ?? new Date(),
        paymentMethod: payment.channel,
        transactionId: payment.providerId,
      })
      .where(eq(transactions.id, row.id));
    await tx
      .update(orders)
      .set({ status: 'cancelled', holdExpiresAt: null })
      .where(eq(orders.id, row.orderId));
  });
  return 'refund_pending';
}

// A payment that cannot be completed (the item is gone) goes back to the buyer. The provider is asked
// outside any database transaction; the record changes only when the update below still finds it
// refund_pending, so two deliveries at once tell the buyer once. When the provider cannot refund now,
// the transaction stays refund_pending and the next webhook or verify tries again.
async function refundLatePayment({
  db,
  payments,
  log,
  reference,
  isFirstAttempt,
}: {
  db: Database;
  payments: PaymentsProvider;
  log: CompletionLog;
  reference: string;
  isFirstAttempt: boolean;
}): Promise<Outcome> {
  try {
    await payments.refundPayment(reference);
  } catch (error) {
    // A refund already made (a retry after a lost reply) shows as reversed at the provider.
    const state = await payments.verifyPayment(reference).catch(() => null);
    if (state?.status !== 'reversed') {
      log.error({ err: error, reference }, 'refund of a late payment failed; it will be tried again');
      if (isFirstAttempt) {
        const [row] = await db
          .select({ title: orders.productTitle })
          .from(transactions)
          .innerJoin(orders, eq(orders.id, transactions.orderId))
          .where(eq(transactions.reference, reference));
        await notifyAdmins({ db, content: notices.adminRefundFailed(row?.title ?? '', reference) });
      }
      return 'refund_pending';
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(and(eq(transactions.reference, reference), eq(transactions.status, 'refund_pending')))
      .returning();
    if (!row) return 'unchanged';
    const [order] = await tx
      .update(orders)
      .set({ status: 'refunded' })
      .where(eq(orders.id, row.orderId))
      .returning();
    const title = order?.productTitle ?? '';
    const isMismatch = row.failureReason === 'amount_mismatch' || row.failureReason === 'currency_mismatch';
    await notifyUser({
      db: tx,
      userId: row.userId,
      content: isMismatch
        ? notices.buyerMismatchRefunded(title, reference)
        : notices.buyerRefunded(title, row.amount, reference),
    });
    // Admins were told of a mismatch when it came; a late payment's refund is news to them.
    if (!isMismatch)
      await notifyAdmins({ db: tx, content: notices.adminRefunded(title, row.amount, reference) });
    log.warn({ reference }, 'late payment refunded');
    return 'refunded';
  });
}

// Asks the provider about a payment that is not final yet and settles it (both verify calls).
// Note: a final one (paid, refunded, or refused for its amount) is answered from our records.
export async function verifyAndSettle({
  db,
  payments,
  log,
  reference,
  payouts,
}: {
  db: Database;
  payments: PaymentsProvider;
  log: CompletionLog;
  reference: string;
  payouts: PayoutSettings;
}): Promise<void> {
  const [stored] = await db
    .select({ status: transactions.status, failureReason: transactions.failureReason })
    .from(transactions)
    .where(eq(transactions.reference, reference))
    .limit(1);
  if (!stored) return;
  const isFinal =
    stored.status === 'success' ||
    stored.status === 'refunded' ||
    (stored.status === 'failed' && stored.failureReason !== 'declined');
  if (isFinal) return;
  let payment: ProviderPayment | null;
  try {
    payment = await payments.verifyPayment(reference);
  } catch (error) {
    throw providerFailure('PAYMENT_PROVIDER_ERROR', error);
  }
  if (payment) await settlePayment({ db, payments, log, payment: { ...payment, reference }, payouts });
}

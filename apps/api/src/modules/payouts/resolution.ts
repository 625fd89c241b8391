import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatKobo } from '@marketplace/shared/money';
import type { Database } from '../../db/client';
import { disputes, orders, payouts, transactions } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors';
import type { PaymentsProvider } from '../../providers/payments/index';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { startRelease } from './release';

const REFUND_JOB = 'dispute-refund';

export type Resolution = { outcome: 'refund' | 'release' | 'partial'; amount?: number | undefined };

// The paid transaction of an order (the one a refund goes back through).
async function paidTransaction(db: Pick<Database, 'select'>, orderId: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), inArray(transactions.status, ['success', 'refunded'])))
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  return row ?? null;
}

// An admin settles an open dispute (POST /admin/disputes/{id}/resolve): refund returns the whole payment
// and cancels the payout; partial refunds `amount` (kobo, less than what was paid) and pays the seller their
// share less that amount (never below zero); release pays the seller their share. The decision is written
// and the refund queued in one transaction; the provider is asked by the refund job, which retries while the
// provider is down, so nothing is half-written. A second resolution is a 409.
export async function resolveDispute({
  db,
  disputeId,
  adminId,
  resolution,
}: {
  db: Database;
  disputeId: string;
  adminId: string;
  resolution: Resolution;
}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ dispute: disputes, order: orders })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(eq(disputes.id, disputeId))
      .for('update', { of: disputes });
    if (!row) throw notFound();
    const { dispute, order } = row;
    if (dispute.status !== 'open') throw conflict('DISPUTE_ALREADY_RESOLVED');
    const transaction = await paidTransaction(tx, order.id);
    if (!transaction) throw conflict('ORDER_NOT_PAID');
    const [payout] = await tx.select().from(payouts).where(eq(payouts.orderId, order.id)).for('update');
    let refundAmount = 0;
    if (resolution.outcome === 'refund') refundAmount = transaction.amount;
    if (resolution.outcome === 'partial') {
      if (resolution.amount === undefined) throw unprocessable('REFUND_AMOUNT_REQUIRED');
      if (resolution.amount >= transaction.amount) throw unprocessable('REFUND_ABOVE_PAID');
      refundAmount = resolution.amount;
    }
    const [resolved] = await tx
      .update(disputes)
      .set({
        status: 'resolved',
        outcome: resolution.outcome,
        refundAmount,
        resolvedAt: new Date(),
        resolvedBy: adminId,
      })
      .where(eq(disputes.id, disputeId))
      .returning();
    if (!resolved) throw new AppError(500, 'INTERNAL_ERROR');
    const isFrozen = payout && (payout.status === 'disputed' || payout.status === 'held');
    let share = payout?.amount ?? 0;
    if (refundAmount > 0) {
      if (payout && isFrozen) {
        share = resolution.outcome === 'refund' ? 0 : Math.max(0, payout.amount - refundAmount);
        await tx.update(payouts).set({ status: 'refunding', amount: share }).where(eq(payouts.id, payout.id));
      }
      await enqueueJob(tx, {
        kind: REFUND_JOB,
        key: `${REFUND_JOB}:${disputeId}`,
        payload: { disputeId },
        maxAttempts: 10,
      });
    } else if (payout && isFrozen) {
      await startRelease(tx, payout.id, ['disputed', 'held']);
    }
    const params = { title: order.productTitle, disputeId };
    const content =
      resolution.outcome === 'release'
        ? ({ code: 'DISPUTE_RELEASED', params } as const)
        : resolution.outcome === 'refund'
          ? ({ code: 'DISPUTE_REFUNDED', params: { ...params, amount: formatKobo(refundAmount) } } as const)
          : ({
              code: 'DISPUTE_PARTIAL',
              params: { ...params, amount: formatKobo(refundAmount), share: formatKobo(share) },
            } as const);
    for (const userId of [order.buyerId, order.sellerId]) await notifyUser({ db: tx, userId, content });
    return resolved;
  });
}

// The refund a resolution decided. What the provider already refunded of the payment is asked first, so a
// run after a lost reply never refunds twice; then the records move once: the payment and the order are
// refunded (whole refund), and a partial refund's payout is released with what is left of the share.
async function runRefund(db: Database, payments: PaymentsProvider, disputeId: string) {
  const [row] = await db
    .select({ dispute: disputes, order: orders })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(eq(disputes.id, disputeId));
  if (!row?.dispute.refundAmount) return;
  const transaction = await paidTransaction(db, row.order.id);
  if (!transaction) return;
  const target = row.dispute.refundAmount;
  const isWhole = target >= transaction.amount;
  const already = await payments.refundedAmount(transaction.reference);
  if (already < target)
    await payments.refundPayment(transaction.reference, isWhole ? undefined : target - already);
  await db.transaction(async (tx) => {
    const [payout] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.orderId, row.order.id), eq(payouts.status, 'refunding')))
      .for('update');
    if (payout) {
      if (payout.amount > 0) await startRelease(tx, payout.id, ['refunding']);
      else await tx.update(payouts).set({ status: 'refunded' }).where(eq(payouts.id, payout.id));
    }
    if (isWhole) {
      await tx
        .update(transactions)
        .set({ status: 'refunded', refundedAt: new Date() })
        .where(and(eq(transactions.id, transaction.id), eq(transactions.status, 'success')));
      await tx
        .update(orders)
        .set({ status: 'refunded' })
        .where(and(eq(orders.id, row.order.id), eq(orders.status, 'paid')));
    }
  });
}

export function refundJobs({
  db,
  payments,
}: {
  db: Database;
  payments: PaymentsProvider;
}): Record<string, JobHandler> {
  return {
    [REFUND_JOB]: {
      run: async (payload) =>
        runRefund(db, payments, typeof payload.disputeId === 'string' ? payload.disputeId : ''),
      async onGiveUp(payload) {
        const [row] = await db
          .select({ title: orders.productTitle, reference: transactions.reference })
          .from(disputes)
          .innerJoin(orders, eq(orders.id, disputes.orderId))
          .innerJoin(transactions, eq(transactions.orderId, orders.id))
          .where(eq(disputes.id, typeof payload.disputeId === 'string' ? payload.disputeId : ''))
          .limit(1);
        if (row) await notifyAdmins({ db, content: { code: 'REFUND_FAILED', params: row } });
      },
    },
  };
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { disputes, orders, payouts, transactions } from '../../db/schema';
import { notifyAdmins } from '../notifications/index';
import { startRelease } from './release';

// Paystack's answer-by time for a Nigerian merchant's chargeback, when its event names none.
const CHARGEBACK_ANSWER_HOURS = 16;

export type ChargebackEvent = {
  event: 'charge.dispute.create' | 'charge.dispute.remind' | 'charge.dispute.resolve';
  disputeId: string | null;
  reference: string;
  dueAt: Date | null;
  // Paystack's resolution on charge.dispute.resolve: merchant-accepted (the buyer is refunded) or declined.
  resolution: string | null;
};

// A chargeback (charge.dispute.create, .remind): the payout is frozen and a dispute marked as a chargeback
// is opened (or the order's dispute marked so), with Paystack's due date; the admins are told at once. On
// charge.dispute.resolve the bank's decision settles the dispute: accepted, the money went back to the
// buyer and the payout is cancelled; declined, the payout is released. Replays change nothing more.
export async function recordChargeback(
  db: Database,
  event: ChargebackEvent,
): Promise<'unknown' | 'recorded'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: orders, transaction: transactions })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .where(eq(transactions.reference, event.reference))
      .orderBy(desc(transactions.createdAt))
      .limit(1);
    if (!row) return 'unknown';
    const { order, transaction } = row;
    const dueAt = event.dueAt ?? new Date(Date.now() + CHARGEBACK_ANSWER_HOURS * 60 * 60 * 1000);
    const [existing] = await tx.select().from(disputes).where(eq(disputes.orderId, order.id)).for('update');
    const fields = { isChargeback: true, providerDisputeId: event.disputeId, dueAt };
    const [dispute] = existing
      ? await tx.update(disputes).set(fields).where(eq(disputes.id, existing.id)).returning()
      : await tx
          .insert(disputes)
          .values({
            orderId: order.id,
            reason: 'other',
            details: "Chargeback raised by the card holder's bank.",
            ...fields,
          })
          .returning();
    if (!dispute) return 'unknown';
    const [payout] = await tx.select().from(payouts).where(eq(payouts.orderId, order.id)).for('update');

    if (event.event === 'charge.dispute.resolve') {
      if (dispute.status === 'open') {
        const isRefunded = event.resolution === 'merchant-accepted';
        await tx
          .update(disputes)
          .set({
            status: 'resolved',
            outcome: isRefunded ? 'refund' : 'release',
            refundAmount: isRefunded ? transaction.amount : 0,
            resolvedAt: new Date(),
          })
          .where(eq(disputes.id, dispute.id));
        if (
          payout &&
          isRefunded &&
          (payout.status === 'disputed' || payout.status === 'held' || payout.status === 'failed')
        )
          await tx.update(payouts).set({ status: 'refunded', amount: 0 }).where(eq(payouts.id, payout.id));
        if (payout && !isRefunded) await startRelease(tx, payout.id, ['disputed', 'held']);
      }
      return 'recorded';
    }

    if (payout) {
      await tx
        .update(payouts)
        .set({ status: 'disputed' })
        .where(and(eq(payouts.id, payout.id), inArray(payouts.status, ['held', 'failed'])));
    }
    if (!existing?.isChargeback || event.event === 'charge.dispute.remind') {
      await notifyAdmins({
        db: tx,
        content: {
          code: 'CHARGEBACK_OPENED',
          params: {
            title: order.productTitle,
            reference: event.reference,
            dueAt: dueAt.toISOString(),
            disputeId: dispute.id,
          },
        },
      });
    }
    return 'recorded';
  });
}

import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { formatKobo } from '@marketplace/shared/money';
import type { Database } from '../../db/client';
import { orders, payouts, type PayoutStatus } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { toIso } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { notifyUser } from '../notifications/index';

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export const TRANSFER_JOB = 'payout-transfer';
// A payout whose transfer failed is sent again at most this many times (each under a new reference).
export const MAX_TRANSFER_ATTEMPTS = 5;

// When a held payout is released without a confirmation: PROTECTION_WINDOW_SECONDS after the courier
// reported the parcel delivered, or after payment for a pickup; null while a courier has not delivered.
export function releaseDueAt(windowSeconds: number): SQL<Date | null> {
  return sql<Date | null>`(case when ${orders.delivery} = 'courier' then ${orders.deliveredAt} else ${payouts.createdAt} end + make_interval(secs => ${windowSeconds}))`.mapWith(
    payouts.createdAt,
  );
}

// Our own transfer reference for a payout's nth attempt (Paystack: 16 to 50 lowercase letters, digits,
// dashes or underscores), unique, so a retry of the same attempt can never pay twice.
const nextReference = sql`'payout_' || replace(${payouts.id}::text, '-', '') || '_' || (${payouts.transferAttempts} + 1)`;

// Starts the transfer of a payout that is in one of `from`: it becomes `releasing` under a new reference,
// and the transfer job is queued in the same transaction. The conditional update is the payout's lock:
// of any number of callers at once, one moves it and queues one transfer; the others change nothing.
// A payout a partial refund brought to zero has nothing to send and ends refunded.
export async function startRelease(
  db: Executor,
  payoutId: string,
  from: PayoutStatus[],
): Promise<typeof payouts.$inferSelect | null> {
  const [zero] = await db
    .update(payouts)
    .set({ status: 'refunded' })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, from), eq(payouts.amount, 0)))
    .returning();
  if (zero) return null;
  const [row] = await db
    .update(payouts)
    .set({
      status: 'releasing',
      transferReference: nextReference,
      transferAttempts: sql`${payouts.transferAttempts} + 1`,
      transferCode: null,
      failureReason: null,
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, from)))
    .returning();
  if (!row) return null;
  await enqueueJob(db, {
    kind: TRANSFER_JOB,
    key: `${TRANSFER_JOB}:${row.transferReference}`,
    payload: { payoutId: row.id },
    maxAttempts: 8,
  });
  return row;
}

// A paid order's payout, held (protected payouts only: split ones were settled at payment).
export async function holdPayout(db: Executor, order: typeof orders.$inferSelect) {
  await db
    .insert(payouts)
    .values({
      orderId: order.id,
      sellerId: order.sellerId,
      amount: order.productAmount - order.transactionCharge,
    })
    .onConflictDoNothing({ target: payouts.orderId });
}

// The buyer has the item (POST /orders/{id}/confirm-receipt, or a pickup's `collected`): the order counts
// as reached and its held payout is released at once. Confirming again changes nothing; while a dispute is
// open the payout stays frozen (409). Note: someone else's order is a 404, like a missing one.
// Note: only a payout still held takes a transaction, and in it the conditional update is the lock, so many
// confirmations at once queue briefly on one row and make one transfer.
export async function confirmReceipt({
  db,
  orderId,
  buyerId,
}: {
  db: Database;
  orderId: string;
  buyerId: string;
}): Promise<{ id: string; deliveredAt: string; payoutStatus: PayoutStatus | null }> {
  const [row] = await db
    .select({ order: orders, payout: payouts })
    .from(orders)
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)));
  if (!row) throw notFound();
  const { order, payout } = row;
  if (order.status !== 'paid') throw conflict('ORDER_NOT_PAID');
  if (payout?.status === 'disputed') throw conflict('DISPUTE_IS_OPEN');
  const markReached = async (executor: Executor) => {
    const [updated] = await executor
      .update(orders)
      .set({ deliveredAt: sql`coalesce(${orders.deliveredAt}, now())` })
      .where(and(eq(orders.id, orderId), isNull(orders.deliveredAt)))
      .returning({ deliveredAt: orders.deliveredAt });
    return toIso(updated?.deliveredAt ?? order.deliveredAt ?? new Date());
  };
  if (payout?.status !== 'held') {
    return { id: orderId, deliveredAt: await markReached(db), payoutStatus: payout?.status ?? null };
  }
  return db.transaction(async (tx) => {
    const released = await startRelease(tx, payout.id, ['held']);
    const deliveredAt = await markReached(tx);
    if (released) {
      await notifyUser({
        db: tx,
        userId: order.sellerId,
        content: {
          code: 'PAYOUT_RELEASED',
          params: { title: order.productTitle, amount: formatKobo(payout.amount) },
        },
      });
    }
    const [now] = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, payout.id));
    if (now?.status === 'disputed') throw conflict('DISPUTE_IS_OPEN');
    return { id: orderId, deliveredAt, payoutStatus: now?.status ?? null };
  });
}

// The job that releases held payouts whose window ended with no dispute: each in its own transaction, so
// one that a confirmation or a dispute moved meanwhile is skipped. How many were released.
export async function releaseDuePayouts({
  db,
  windowSeconds,
  batchSize = 100,
}: {
  db: Database;
  windowSeconds: number;
  batchSize?: number;
}): Promise<number> {
  const due = await db
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(orders, eq(orders.id, payouts.orderId))
    .where(and(eq(payouts.status, 'held'), sql`${releaseDueAt(windowSeconds)} <= now()`))
    .limit(batchSize);
  let released = 0;
  for (const { id } of due) {
    const row = await db.transaction((tx) => startRelease(tx, id, ['held']));
    if (row) released += 1;
  }
  return released;
}

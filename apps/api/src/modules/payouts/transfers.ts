import { and, eq } from 'drizzle-orm';
import { formatKobo } from '@marketplace/shared/money';
import type { Database } from '../../db/client';
import { orders, payouts, users } from '../../db/schema';
import { enqueueJob, retryDelaySeconds, type JobHandler } from '../../jobs/runner';
import type { PaymentsProvider, ProviderTransfer } from '../../providers/payments/index';
import { notifyAdmins, notifyUser } from '../notifications/index';
import { MAX_TRANSFER_ATTEMPTS, startRelease, TRANSFER_JOB } from './release';

const RETRY_JOB = 'payout-retry';
// A failed transfer is sent again after 1, 2, 4, 8 minutes... at most 6 hours.
const RETRY_BASE_SECONDS = 60;
const RETRY_MAX_SECONDS = 6 * 60 * 60;

// The seller cannot be paid until they verify a bank account again: retrying cannot cure it.
class SellerNotPayableError extends Error {
  constructor() {
    super('the seller has no verified bank account');
    this.name = 'SellerNotPayableError';
  }
}

// The seller's transfer recipient (Paystack: type nuban, from the seller's verified account), created once
// per account and kept on the seller.
async function recipientFor(db: Database, payments: PaymentsProvider, sellerId: string): Promise<string> {
  const [seller] = await db
    .select({
      isVerified: users.isVerified,
      accountName: users.accountName,
      accountNumber: users.accountNumber,
      bankCode: users.bankCode,
      recipientCode: users.transferRecipientCode,
      recipientAccount: users.transferRecipientAccount,
    })
    .from(users)
    .where(eq(users.id, sellerId));
  if (!seller?.isVerified || !seller.accountNumber || !seller.bankCode) throw new SellerNotPayableError();
  const account = `${seller.bankCode}:${seller.accountNumber}`;
  if (seller.recipientCode && seller.recipientAccount === account) return seller.recipientCode;
  const { recipientCode } = await payments.createTransferRecipient({
    name: seller.accountName ?? '',
    accountNumber: seller.accountNumber,
    bankCode: seller.bankCode,
  });
  await db
    .update(users)
    .set({ transferRecipientCode: recipientCode, transferRecipientAccount: account })
    .where(eq(users.id, sellerId));
  return recipientCode;
}

export type TransferOutcome = 'unknown' | 'unchanged' | 'paid' | 'failed' | 'pending';

// What the provider says of a transfer (its reply, a verify, or a transfer.* webhook) changes the payout
// at most once: the payout row is locked and only a payout still releasing under this reference moves
// (or a paid one the bank reversed). A failure tells the admins and queues the retry under a new reference.
export async function recordTransfer(
  db: Database,
  transfer: Pick<ProviderTransfer, 'reference' | 'status' | 'transferCode'> & { reason?: string },
): Promise<TransferOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts, title: orders.productTitle, seller: users.username })
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .innerJoin(users, eq(users.id, payouts.sellerId))
      .where(eq(payouts.transferReference, transfer.reference))
      .for('update', { of: payouts });
    if (!row) return 'unknown';
    const { payout, title, seller } = row;
    const isOpen =
      payout.status === 'releasing' || (payout.status === 'paid' && transfer.status === 'reversed');
    if (!isOpen) return 'unchanged';
    if (transfer.status === 'pending') {
      if (transfer.transferCode && payout.transferCode !== transfer.transferCode)
        await tx
          .update(payouts)
          .set({ transferCode: transfer.transferCode })
          .where(eq(payouts.id, payout.id));
      return 'pending';
    }
    if (transfer.status === 'success') {
      await tx
        .update(payouts)
        .set({
          status: 'paid',
          paidAt: new Date(),
          transferCode: transfer.transferCode ?? payout.transferCode,
        })
        .where(eq(payouts.id, payout.id));
      await notifyUser({
        db: tx,
        userId: payout.sellerId,
        content: { code: 'PAYOUT_PAID', params: { title, amount: formatKobo(payout.amount) } },
      });
      return 'paid';
    }
    const reason = transfer.reason ?? `transfer ${transfer.status}`;
    await tx
      .update(payouts)
      .set({ status: 'failed', failureReason: reason, paidAt: null })
      .where(eq(payouts.id, payout.id));
    await notifyAdmins({
      db: tx,
      content: {
        code: 'PAYOUT_FAILED',
        params: { title, amount: formatKobo(payout.amount), seller, reason },
      },
    });
    if (payout.transferAttempts < MAX_TRANSFER_ATTEMPTS) {
      await enqueueJob(tx, {
        kind: RETRY_JOB,
        key: `${RETRY_JOB}:${payout.id}:${payout.transferAttempts}`,
        payload: { payoutId: payout.id },
        delaySeconds: retryDelaySeconds(payout.transferAttempts, RETRY_BASE_SECONDS, RETRY_MAX_SECONDS),
      });
    }
    return 'failed';
  });
}

// A failed payout is sent again (the retry job, or an admin on the payouts screen). Its last reference is
// asked about first: a transfer the provider still has as paid or pending (a give-up after lost replies) is
// followed under that same reference, never sent again; otherwise a new reference is taken. null when the
// payout is not failed (any more).
export async function retryPayout(db: Database, payments: PaymentsProvider, payoutId: string) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (payout?.status !== 'failed') return null;
  const previous = payout.transferReference ? await payments.verifyTransfer(payout.transferReference) : null;
  return db.transaction(async (tx) => {
    if (previous && (previous.status === 'success' || previous.status === 'pending')) {
      const [row] = await tx
        .update(payouts)
        .set({ status: 'releasing', failureReason: null })
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'failed')))
        .returning();
      if (row)
        await enqueueJob(tx, {
          kind: TRANSFER_JOB,
          key: `${TRANSFER_JOB}:${row.transferReference}:followed:${Date.now()}`,
          payload: { payoutId },
        });
      return row ?? null;
    }
    return startRelease(tx, payoutId, ['failed']);
  });
}

// The jobs of payouts: the transfer of a releasing payout, and the retry of a failed one.
// The transfer first asks the provider about its reference: a transfer whose reply was lost is found there
// and never sent again. Only a reference the provider does not know is sent. A pending transfer is asked
// about again later (the transfer.* webhooks usually answer first). A provider that is down fails the run,
// which the job queue retries with back-off; nothing was written.
export function payoutJobs({
  db,
  payments,
  pollSeconds,
}: {
  db: Database;
  payments: PaymentsProvider;
  pollSeconds: number;
}): Record<string, JobHandler> {
  const payoutOf = async (payload: Record<string, unknown>) => {
    const id = typeof payload.payoutId === 'string' ? payload.payoutId : '';
    const [row] = await db
      .select({ payout: payouts, title: orders.productTitle })
      .from(payouts)
      .innerJoin(orders, eq(orders.id, payouts.orderId))
      .where(eq(payouts.id, id));
    return row ?? null;
  };
  return {
    [TRANSFER_JOB]: {
      async run(payload) {
        const row = await payoutOf(payload);
        const reference = row?.payout.transferReference;
        if (!row || row.payout.status !== 'releasing' || !reference) return;
        let transfer = await payments.verifyTransfer(reference);
        if (!transfer) {
          const recipientCode = await recipientFor(db, payments, row.payout.sellerId);
          transfer = await payments.initiateTransfer({
            reference,
            amount: row.payout.amount,
            recipientCode,
            reason: `Oja payout: ${row.title}`.slice(0, 100),
          });
        }
        const outcome = await recordTransfer(db, transfer);
        if (outcome === 'pending') return { runAgainInSeconds: pollSeconds };
      },
      isPermanent: (error) => error instanceof SellerNotPayableError,
      // The transfer could not even be asked for: the payout fails, the admins are told, and it is retried.
      async onGiveUp(payload, { error }) {
        const row = await payoutOf(payload);
        if (!row?.payout.transferReference) return;
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'transfer not sent';
        await recordTransfer(db, {
          reference: row.payout.transferReference,
          status: 'failed',
          transferCode: null,
          reason,
        });
      },
    },
    [RETRY_JOB]: {
      async run(payload) {
        const id = typeof payload.payoutId === 'string' ? payload.payoutId : '';
        await retryPayout(db, payments, id);
      },
    },
  };
}

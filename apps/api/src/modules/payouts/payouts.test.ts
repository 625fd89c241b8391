import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminNotifications, notifications, sandboxPayments, sandboxTransfers } from '../../db/schema';
import { useCheckoutApp } from '../../../test/checkout';
import { bearer, registerUser } from '../../../test/helper';
import {
  endWindow,
  paidPickupOrder,
  passTransferMinute,
  payoutOf,
  signedWebhook,
  transferEvent,
  transferJobsOf,
} from '../../../test/payouts';
import type { NotificationCode } from '@marketplace/shared/notifications';
import { releaseDuePayouts } from './release';

// Buyer protection's payouts (issue 29, decision 058): held until the buyer has the item, then one transfer.

const { app, admin } = useCheckoutApp();

const confirm = (orderId: string, token: string) =>
  app().inject({ method: 'POST', url: `/api/orders/${orderId}/confirm-receipt`, headers: bearer(token) });

async function noticesOf(userId: string, code: NotificationCode) {
  return app()
    .db.select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.code, code)));
}

describe('a payout: held → paid', () => {
  it('holds the seller share (item price less 10 percent) until the buyer confirms receipt, then pays it once', async () => {
    const { seller, buyer, orderId } = await paidPickupOrder(app(), 5000);
    expect((await app().inject({ url: '/api/site-config' })).json().data).toMatchObject({
      buyerProtection: true,
    });
    const held = await payoutOf(app(), orderId);
    expect(held).toMatchObject({
      status: 'held',
      amount: 450_000,
      sellerId: seller.user.id,
      transferReference: null,
    });

    // The seller's transactions and summary show it held until a date, with their share.
    const sales = await app().inject({ url: '/api/transactions', headers: bearer(seller.token) });
    expect(sales.json().data[0]).toMatchObject({
      role: 'seller',
      sellerAmount: 450_000,
      protection: { payoutStatus: 'held', payoutAmount: 450_000, canConfirmReceipt: true },
    });
    expect(sales.json().data[0].protection.releaseAt).toEqual(expect.any(String));
    const summary = await app().inject({ url: '/api/account-summary', headers: bearer(seller.token) });
    expect(summary.json().data).toMatchObject({ pendingPayouts: 450_000, paidOut: 0 });

    // Only the buyer may confirm: anyone else gets a 404, and nothing moves.
    const stranger = await registerUser(app());
    expect((await confirm(orderId, stranger.token)).statusCode).toBe(404);
    expect((await confirm(orderId, seller.token)).statusCode).toBe(404);
    expect((await payoutOf(app(), orderId)).status).toBe('held');

    const confirmed = await confirm(orderId, buyer.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Thank you. The seller will now be paid.',
      data: { id: orderId, payoutStatus: 'releasing' },
    });
    expect(await noticesOf(seller.user.id, 'PAYOUT_RELEASED')).toHaveLength(1);

    await app().jobQueue.runDue();
    const releasing = await payoutOf(app(), orderId);
    expect(releasing.transferReference).toMatch(/^payout_[0-9a-f]{32}_1$/);
    const [transfer] = await app()
      .db.select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, releasing.transferReference ?? ''));
    expect(transfer).toMatchObject({ amount: 450_000, status: 'pending' });

    expect(
      (await signedWebhook(app(), transferEvent('transfer.success', releasing.transferReference ?? '')))
        .statusCode,
    ).toBe(200);
    const paid = await payoutOf(app(), orderId);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await noticesOf(seller.user.id, 'PAYOUT_PAID')).toHaveLength(1);
    const after = await app().inject({ url: '/api/transactions', headers: bearer(seller.token) });
    expect(after.json().data[0].protection).toMatchObject({ payoutStatus: 'paid', canConfirmReceipt: false });
    const paidSummary = await app().inject({ url: '/api/account-summary', headers: bearer(seller.token) });
    expect(paidSummary.json().data).toMatchObject({ pendingPayouts: 0, paidOut: 450_000 });

    // Confirming again changes nothing.
    expect((await confirm(orderId, buyer.token)).json().data.payoutStatus).toBe('paid');
  });

  it('is paid by the sandbox after its short step, found by asking about the transfer', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    await confirm(orderId, buyer.token);
    await app().jobQueue.runDue();
    expect((await payoutOf(app(), orderId)).status).toBe('releasing');
    await passTransferMinute(app());
    await app().jobQueue.runDue();
    expect((await payoutOf(app(), orderId)).status).toBe('paid');
  });

  it("releases a pickup's payout by itself when the window ends with no dispute, and not before", async () => {
    const { orderId } = await paidPickupOrder(app());
    const payout = await payoutOf(app(), orderId);
    await releaseDuePayouts({ db: app().db, windowSeconds: 259_200 });
    expect((await payoutOf(app(), orderId)).status).toBe('held');
    await endWindow(app(), payout.id);
    expect(await releaseDuePayouts({ db: app().db, windowSeconds: 259_200 })).toBeGreaterThanOrEqual(1);
    expect((await payoutOf(app(), orderId)).status).toBe('releasing');
    expect(await transferJobsOf(app(), payout.id)).toHaveLength(1);
  });
});

describe('a payout whose transfer fails', () => {
  it('fails, tells the admins, and is retried under a new reference until paid', async () => {
    const { seller, buyer, orderId } = await paidPickupOrder(app());
    await confirm(orderId, buyer.token);
    await app().jobQueue.runDue();
    const first = (await payoutOf(app(), orderId)).transferReference ?? '';
    // The bank refused it: Paystack has the transfer failed and says so by webhook.
    await app()
      .db.update(sandboxTransfers)
      .set({ status: 'failed' })
      .where(eq(sandboxTransfers.reference, first));
    await signedWebhook(app(), {
      ...transferEvent('transfer.failed', first),
      data: { reference: first, reason: 'Account dormant' },
    });
    const failed = await payoutOf(app(), orderId);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Account dormant', transferAttempts: 1 });
    const told = await app()
      .db.select()
      .from(adminNotifications)
      .where(eq(adminNotifications.code, 'PAYOUT_FAILED'));
    expect(told.filter((note) => note.params.seller === seller.user.username)).toHaveLength(1);

    // The admin payouts list shows it failed; a retry sends it again under the attempt's new reference.
    const list = await app().inject({
      url: '/api/admin/payouts?status=failed',
      headers: bearer(admin.token),
    });
    expect(list.json().data.map((row: { id: string }) => row.id)).toContain(failed.id);
    const retried = await app().inject({
      method: 'POST',
      url: `/api/admin/payouts/${failed.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retried.statusCode).toBe(202);
    const again = await payoutOf(app(), orderId);
    expect(again).toMatchObject({ status: 'releasing', transferAttempts: 2 });
    expect(again.transferReference).toMatch(/_2$/);
    expect(again.transferReference).not.toBe(first);
    await app().jobQueue.runDue();
    await signedWebhook(app(), transferEvent('transfer.success', again.transferReference ?? ''));
    expect((await payoutOf(app(), orderId)).status).toBe('paid');
    // A retry of a payout that is not failed is refused.
    const twice = await app().inject({
      method: 'POST',
      url: `/api/admin/payouts/${failed.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('PAYOUT_NOT_FAILED');
  });

  it('follows a transfer the provider still has as pending instead of sending a second one', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    await confirm(orderId, buyer.token);
    await app().jobQueue.runDue();
    const first = (await payoutOf(app(), orderId)).transferReference ?? '';
    // A failure recorded while the provider still has the transfer under way (a give-up after lost replies).
    await signedWebhook(app(), transferEvent('transfer.failed', first));
    const payout = await payoutOf(app(), orderId);
    const retried = await app().inject({
      method: 'POST',
      url: `/api/admin/payouts/${payout.id}/retry`,
      headers: bearer(admin.token),
    });
    expect(retried.statusCode).toBe(202);
    expect(await payoutOf(app(), orderId)).toMatchObject({
      status: 'releasing',
      transferReference: first,
      transferAttempts: 1,
    });
    await passTransferMinute(app());
    await app().jobQueue.runDue();
    expect((await payoutOf(app(), orderId)).status).toBe('paid');
    const sent = await app()
      .db.select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.amount, payout.amount));
    expect(
      sent.filter((row) => row.reference.startsWith(`payout_${payout.id.replaceAll('-', '')}`)),
    ).toHaveLength(1);
  });

  it('leaves the payout releasing when the provider is down, and sends it when the provider is back', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    await confirm(orderId, buyer.token);
    const payments = app().providers.payments;
    const original = payments.initiateTransfer;
    payments.initiateTransfer = () => Promise.reject(new Error('provider down'));
    try {
      await app().jobQueue.runDue();
    } finally {
      payments.initiateTransfer = original;
    }
    const payout = await payoutOf(app(), orderId);
    expect(payout.status).toBe('releasing');
    const [job] = await transferJobsOf(app(), payout.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.lastError).toMatch(/provider down/);
    expect(
      await app()
        .db.select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, payout.transferReference ?? '')),
    ).toEqual([]);
  });
});

describe('payouts under load', () => {
  it('50 confirmations at once make one transfer', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    const replies = await Promise.all(Array.from({ length: 50 }, () => confirm(orderId, buyer.token)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    const payout = await payoutOf(app(), orderId);
    expect(payout).toMatchObject({ status: 'releasing', transferAttempts: 1 });
    expect(await transferJobsOf(app(), payout.id)).toHaveLength(1);
    await app().jobQueue.runDue();
    const sent = await app()
      .db.select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.amount, payout.amount));
    expect(
      sent.filter((row) => row.reference.startsWith(`payout_${payout.id.replaceAll('-', '')}`)),
    ).toHaveLength(1);
  });

  it('a transfer webhook replayed 100 times changes the payout once and tells the seller once', async () => {
    const { seller, buyer, orderId } = await paidPickupOrder(app());
    await confirm(orderId, buyer.token);
    await app().jobQueue.runDue();
    const reference = (await payoutOf(app(), orderId)).transferReference ?? '';
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => signedWebhook(app(), transferEvent('transfer.success', reference))),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    expect((await payoutOf(app(), orderId)).status).toBe('paid');
    expect(await noticesOf(seller.user.id, 'PAYOUT_PAID')).toHaveLength(1);
  });
});

describe('payments that cannot be completed', () => {
  it('the sandbox keeps the whole payment on the balance: no subaccount, no split', async () => {
    const { reference } = await paidPickupOrder(app());
    const [payment] = await app()
      .db.select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    expect(payment).toMatchObject({ status: 'success', subaccount: null, transactionCharge: 0 });
  });
});

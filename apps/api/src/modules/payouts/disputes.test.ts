import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminNotifications,
  disputeMessages,
  disputes,
  media,
  notifications,
  orders,
  sandboxPayments,
  transactions,
} from '../../db/schema';
import { png } from '../../../test/fixtures';
import { sweepUnattachedMedia } from '../media/service';
import { useCheckoutApp } from '../../../test/checkout';
import type { Dispute } from '@marketplace/shared/schemas/payouts';
import { bearer, multipart, registerUser } from '../../../test/helper';
import { walkPages } from '../../../test/paging';
import { endWindow, paidPickupOrder, payoutOf, signedWebhook, transferEvent } from '../../../test/payouts';

// Disputes, refunds and chargebacks (issue 29, decision 058).

const { app, admin } = useCheckoutApp();

const openDispute = (orderId: string, token: string, body: Record<string, unknown> = {}) =>
  app().inject({
    method: 'POST',
    url: `/api/orders/${orderId}/disputes`,
    headers: bearer(token),
    payload: { reason: 'not_as_described', details: 'The lamp does not switch on.', ...body },
  });

const resolve = (disputeId: string, body: Record<string, unknown>) =>
  app().inject({
    method: 'POST',
    url: `/api/admin/disputes/${disputeId}/resolve`,
    headers: bearer(admin.token),
    payload: body,
  });

async function sandboxPayment(reference: string) {
  const [row] = await app().db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return row;
}

describe('a dispute: held → disputed → refunded', () => {
  it('freezes the payout, lets both sides write, and an admin refund returns the whole payment', async () => {
    const { seller, buyer, orderId, reference } = await paidPickupOrder(app(), 5000);
    const stranger = await registerUser(app());
    expect((await openDispute(orderId, stranger.token)).statusCode).toBe(404);
    expect((await openDispute(orderId, seller.token)).statusCode).toBe(404);

    const opened = await openDispute(orderId, buyer.token);
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json().data;
    expect(dispute).toMatchObject({
      orderId,
      reason: 'not_as_described',
      status: 'open',
      isChargeback: false,
      paidAmount: 500_000,
      payout: { status: 'disputed', amount: 450_000 },
      viewerRole: 'buyer',
    });
    expect((await payoutOf(app(), orderId)).status).toBe('disputed');
    const [sellerNote] = await app()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id));
    expect(
      (await app().db.select().from(notifications).where(eq(notifications.userId, seller.user.id))).map(
        (n) => n.code,
      ),
    ).toContain('DISPUTE_OPENED');
    expect(sellerNote).toBeDefined();

    // One dispute an order; a confirmation while it is open is refused.
    const second = await openDispute(orderId, buyer.token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'A problem has already been reported for this order.',
      error: { code: 'DISPUTE_EXISTS' },
    });
    const confirm = await app().inject({
      method: 'POST',
      url: `/api/orders/${orderId}/confirm-receipt`,
      headers: bearer(buyer.token),
    });
    expect(confirm.statusCode).toBe(409);

    // The seller answers; a stranger cannot read or write; the admin reads it all.
    const answer = await app().inject({
      method: 'POST',
      url: `/api/disputes/${dispute.id}/messages`,
      headers: bearer(seller.token),
      payload: { body: 'It worked when I packed it.' },
    });
    expect(answer.statusCode).toBe(201);
    const foreign = await app().inject({
      url: `/api/disputes/${dispute.id}/messages`,
      headers: bearer(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
    const forged = await app().inject({
      method: 'POST',
      url: `/api/disputes/${dispute.id}/messages`,
      headers: bearer(buyer.token),
      payload: { body: 'See the photo', photos: ['/media/someone-elses.jpg'] },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.code).toBe('PHOTO_NOT_YOURS');
    const thread = await app().inject({
      url: `/api/disputes/${dispute.id}/messages`,
      headers: bearer(admin.token),
    });
    // Newest first, a page at a time.
    expect(
      thread.json().data.map((m: { authorRole: string; body: string }) => [m.authorRole, m.body]),
    ).toEqual([
      ['seller', 'It worked when I packed it.'],
      ['buyer', 'The lamp does not switch on.'],
    ]);
    expect(thread.json().meta).toEqual({ pageSize: 50, nextCursor: null });
    const asSeller = await app().inject({
      url: `/api/disputes/${dispute.id}`,
      headers: bearer(seller.token),
    });
    expect(asSeller.json().data).toMatchObject({ viewerRole: 'seller', status: 'open' });

    // The admin list has it open, first among open ones by age.
    const list = await app().inject({ url: '/api/admin/disputes', headers: bearer(admin.token) });
    expect(list.json().data.find((row: { id: string }) => row.id === dispute.id)).toMatchObject({
      status: 'open',
    });

    const resolved = await resolve(dispute.id, { outcome: 'refund' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'resolved',
      outcome: 'refund',
      refundAmount: 500_000,
    });
    expect((await payoutOf(app(), orderId)).status).toBe('refunding');
    await app().jobQueue.runDue();
    expect(await payoutOf(app(), orderId)).toMatchObject({ status: 'refunded', amount: 0 });
    expect(await sandboxPayment(reference)).toMatchObject({ status: 'reversed', refundedAmount: 500_000 });
    const [transaction] = await app()
      .db.select()
      .from(transactions)
      .where(eq(transactions.reference, reference));
    expect(transaction?.status).toBe('refunded');
    const [order] = await app().db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('refunded');
    const buyerNotes = await app()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(buyerNotes.map((note) => note.code)).toContain('DISPUTE_REFUNDED');

    // A second resolution is refused, and nothing more is refunded.
    const again = await resolve(dispute.id, { outcome: 'release' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DISPUTE_ALREADY_RESOLVED');
    await app().jobQueue.runDue();
    expect(await sandboxPayment(reference)).toMatchObject({ refundedAmount: 500_000 });
  });
});

describe('a dispute settled in part or for the seller', () => {
  it('partial: refunds the amount, pays the seller their share less it; a refund of all or more is 422', async () => {
    const { buyer, orderId, reference } = await paidPickupOrder(app(), 5000);
    const dispute = (await openDispute(orderId, buyer.token, { reason: 'damaged' })).json().data;
    const tooMuch = await resolve(dispute.id, { outcome: 'partial', amount: 500_000 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      message: 'The refund must be less than what the buyer paid.',
      error: { code: 'REFUND_ABOVE_PAID' },
    });
    expect((await resolve(dispute.id, { outcome: 'partial' })).statusCode).toBe(422);
    expect((await payoutOf(app(), orderId)).status).toBe('disputed');

    const partial = await resolve(dispute.id, { outcome: 'partial', amount: 100_000 });
    expect(partial.statusCode).toBe(200);
    // The provider is down at first: the refund waits, nothing else moves; the next run does it.
    const payments = app().providers.payments;
    const original = payments.refundPayment;
    payments.refundPayment = () => Promise.reject(new Error('provider down'));
    try {
      await app().jobQueue.runDue();
    } finally {
      payments.refundPayment = original;
    }
    expect(await payoutOf(app(), orderId)).toMatchObject({ status: 'refunding', amount: 350_000 });
    expect(await sandboxPayment(reference)).toMatchObject({ refundedAmount: 0 });
    const { jobs } = await import('../../db/schema');
    await app().db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'dispute-refund'));
    await app().jobQueue.runDue();
    expect(await sandboxPayment(reference)).toMatchObject({ status: 'success', refundedAmount: 100_000 });
    const payout = await payoutOf(app(), orderId);
    expect(payout).toMatchObject({ status: 'releasing', amount: 350_000 });
    await app().jobQueue.runDue();
    await signedWebhook(app(), transferEvent('transfer.success', payout.transferReference ?? ''));
    expect((await payoutOf(app(), orderId)).status).toBe('paid');
  });

  it('release: pays the seller their share', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    const dispute = (await openDispute(orderId, buyer.token, { reason: 'other' })).json().data;
    expect((await resolve(dispute.id, { outcome: 'release' })).statusCode).toBe(200);
    expect((await payoutOf(app(), orderId)).status).toBe('releasing');
  });
});

describe('a dispute with photos', () => {
  it("attaches the buyer's own upload, by the URL the upload answered, and keeps it out of the media sweep", async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    const body = multipart([
      { name: 'file', value: await png(), filename: 'crack.png', contentType: 'image/png' },
    ]);
    const uploaded = await app().inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(buyer.token) },
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().data.url as string;
    expect(url).toMatch(/^http:\/\/oja\.test\/media\//);
    const opened = await openDispute(orderId, buyer.token, { reason: 'damaged', photos: [url] });
    expect(opened.statusCode).toBe(201);
    const thread = await app().inject({
      url: `/api/disputes/${opened.json().data.id}/messages`,
      headers: bearer(buyer.token),
    });
    expect(thread.json().data[0].photos).toEqual([url]);
    await app()
      .db.update(media)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) });
    await sweepUnattachedMedia({ db: app().db, storage: app().providers.mediaStorage });
    const kept = await app()
      .db.select()
      .from(media)
      .where(eq(media.url, url.replace('http://oja.test', '')));
    expect(kept).toHaveLength(1);
  });
});

describe('disputes that cannot be opened', () => {
  it('after the window (409), on an unpaid order (409), with a bad reason or no details (400)', async () => {
    const { buyer, orderId } = await paidPickupOrder(app());
    expect((await openDispute(orderId, buyer.token, { reason: 'changed_my_mind' })).statusCode).toBe(400);
    const empty = await openDispute(orderId, buyer.token, { details: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('DISPUTE_DETAILS_REQUIRED');
    await endWindow(app(), (await payoutOf(app(), orderId)).id);
    const late = await openDispute(orderId, buyer.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PROTECTION_WINDOW_ENDED');

    const [unpaid] = await app()
      .db.insert(orders)
      .values({
        buyerId: buyer.user.id,
        sellerId: buyer.user.id,
        productTitle: 'x',
        productAmount: 100_000,
        transactionCharge: 10_000,
      })
      .returning();
    const notPaid = await openDispute(unpaid?.id ?? '', buyer.token);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('ORDER_NOT_PAID');
  });
});

describe('Paystack chargebacks', () => {
  it('freeze the payout, open a dispute marked as a chargeback with the due date, and tell the admins at once', async () => {
    const { orderId, reference } = await paidPickupOrder(app());
    const raised = await app().inject({
      method: 'POST',
      url: `/api/payment/sandbox/${reference}/chargeback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(raised.statusCode).toBe(303);
    expect((await payoutOf(app(), orderId)).status).toBe('disputed');
    const list = (await app().inject({ url: '/api/admin/disputes', headers: bearer(admin.token) })).json()
      .data;
    const chargeback = list.find((row: { orderId: string }) => row.orderId === orderId);
    expect(chargeback).toMatchObject({ isChargeback: true, status: 'open' });
    const hours = (new Date(chargeback.dueAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(15.9);
    expect(hours).toBeLessThanOrEqual(16);
    const told = await app()
      .db.select()
      .from(adminNotifications)
      .where(eq(adminNotifications.code, 'CHARGEBACK_OPENED'));
    expect(told.filter((note) => note.params.reference === reference)).toHaveLength(1);

    // Paystack declines the chargeback: the dispute ends and the seller is paid.
    await signedWebhook(app(), {
      event: 'charge.dispute.resolve',
      data: { id: 1, resolution: 'declined', transaction: { reference } },
    });
    expect((await payoutOf(app(), orderId)).status).toBe('releasing');
  });
});

describe("the admin's disputes, a page at a time (issue 34)", () => {
  it('walks the open ones oldest first, then the settled ones newest first, each once; a tampered cursor is a 400', async () => {
    // Four more disputes beside the file's others, one of them settled, two opened in the same microsecond.
    const opened: string[] = [];
    for (let count = 0; count < 4; count++) {
      const { buyer, orderId } = await paidPickupOrder(app());
      opened.push((await openDispute(orderId, buyer.token)).json().data.id);
    }
    await app()
      .db.update(disputes)
      .set({ createdAt: new Date('2026-01-02T03:04:05.000Z') })
      .where(inArray(disputes.id, opened.slice(0, 2)));
    expect((await resolve(opened[3] ?? '', { outcome: 'release' })).statusCode).toBe(200);

    const pages = await walkPages<Dispute>(app(), '/api/admin/disputes', { pageSize: 2, token: admin.token });
    const walked = pages.flatMap((page) => page.data);
    const stored = await app().db.select().from(disputes);
    expect(pages.every((page) => page.data.length <= 2 && page.meta.total === stored.length)).toBe(true);
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(walked.map((row) => row.id)).size).toBe(walked.length);
    expect(walked.map((row) => row.id).sort()).toEqual(stored.map((row) => row.id).sort());

    const time = (iso: string | null) => new Date(iso ?? 0).getTime();
    const open = walked.filter((row) => row.status === 'open');
    const settled = walked.filter((row) => row.status === 'resolved');
    expect(walked).toEqual([...open, ...settled]);
    expect(open.map((row) => time(row.createdAt))).toEqual(
      open.map((row) => time(row.createdAt)).sort((a, b) => a - b),
    );
    expect(settled.map((row) => time(row.resolvedAt))).toEqual(
      settled.map((row) => time(row.resolvedAt)).sort((a, b) => b - a),
    );
    expect(
      open
        .slice(0, 2)
        .map((row) => row.id)
        .sort(),
    ).toEqual(opened.slice(0, 2).sort());
    expect(settled.map((row) => row.id)).toContain(opened[3]);
    // One a page: each page of open ones ends the open part exactly once, and the next starts the settled part.
    const onePerPage = await walkPages<Dispute>(app(), '/api/admin/disputes', {
      pageSize: 1,
      token: admin.token,
    });
    expect(onePerPage.flatMap((page) => page.data).map((row) => row.id)).toEqual(walked.map((row) => row.id));

    const tampered = await app().inject({
      url: `/api/admin/disputes?cursor=${Buffer.from('["open","nonsense"]').toString('base64url')}`,
      headers: bearer(admin.token),
    });
    expect(tampered.statusCode).toBe(400);
    const empty = await app().inject({
      url: `/api/admin/disputes?cursor=${Buffer.from('["resolved",""]').toString('base64url')}`,
      headers: bearer(admin.token),
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe("a dispute's messages, a page at a time (issue 34)", () => {
  it('walks them newest first, each once, ties of the same microsecond too; a tampered cursor or a page too large is a 400', async () => {
    const { buyer, seller, orderId } = await paidPickupOrder(app());
    const dispute = (await openDispute(orderId, buyer.token)).json<{ data: Dispute }>().data;
    const write = (token: string, body: string) =>
      app().inject({
        method: 'POST',
        url: `/api/disputes/${dispute.id}/messages`,
        headers: bearer(token),
        payload: { body },
      });
    for (let count = 1; count <= 3; count++) {
      expect((await write(seller.token, `Seller ${count}`)).statusCode).toBe(201);
      expect((await write(buyer.token, `Buyer ${count}`)).statusCode).toBe(201);
    }
    // Two written in the same microsecond (set in SQL: a JavaScript Date keeps milliseconds only).
    await app().db.execute(
      sql`update dispute_messages set created_at = '2030-01-01T00:00:00.123456Z'
          where dispute_id = ${dispute.id} and body in ('Seller 2', 'Buyer 2')`,
    );

    const path = `/api/disputes/${dispute.id}/messages`;
    const pages = await walkPages<{ id: string; body: string }>(app(), path, {
      pageSize: 2,
      token: seller.token,
    });
    const walked = pages.flatMap((page) => page.data);
    const stored = await app()
      .db.select({ id: disputeMessages.id, body: disputeMessages.body, createdAt: disputeMessages.createdAt })
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, dispute.id));
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2, 1]);
    expect(walked.map((message) => message.id).sort()).toEqual(stored.map((message) => message.id).sort());
    expect(
      walked
        .slice(0, 2)
        .map((message) => message.body)
        .sort(),
    ).toEqual(['Buyer 2', 'Seller 2']);
    expect(walked.slice(2).map((message) => message.body)).toEqual([
      'Buyer 3',
      'Seller 3',
      'Buyer 1',
      'Seller 1',
      'The lamp does not switch on.',
    ]);

    const tampered = await app().inject({
      url: `${path}?cursor=${Buffer.from('["2030-01-01T00:00:00.123456Z","nonsense"]').toString('base64url')}`,
      headers: bearer(buyer.token),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('CURSOR_INVALID');
    const tooLarge = await app().inject({ url: `${path}?pageSize=101`, headers: bearer(buyer.token) });
    expect(tooLarge.statusCode).toBe(400);
  });
});

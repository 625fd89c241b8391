import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, payouts, sandboxPayments } from '../../db/schema';
import { useTestApp } from '../../../test/helper';
import { paidPickupOrder } from '../../../test/payouts';

// PAYOUT_MODE=split (decision 058): the seed's instant split, unchanged: the seller's subaccount is settled by
// Paystack at charge time, and no payout is held.

const testApp = useTestApp({ env: { PAYOUT_MODE: 'split' } });

describe('split payouts', () => {
  it("charges with the seller's subaccount and the platform's charge, holds nothing, and says the share will be paid", async () => {
    const { seller, orderId, reference } = await paidPickupOrder(testApp.app, 5000);
    const [payment] = await testApp.app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    expect(payment).toMatchObject({ status: 'success', transactionCharge: 50_000 });
    expect(payment?.subaccount).toMatch(/^ACCT_sandbox_/);
    expect(await testApp.app.db.select().from(payouts).where(eq(payouts.orderId, orderId))).toEqual([]);
    const notes = await testApp.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id));
    expect(notes.map((note) => note.code)).toContain('ITEM_SOLD');
    // The web app says the money is held only when it is.
    const site = await testApp.app.inject({ url: '/api/site-config' });
    expect(site.json().data).toMatchObject({ buyerProtection: false });
  });
});

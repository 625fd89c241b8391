import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offers, orders, products } from '../../db/schema';
import { notifyOffer } from './notices';
import { isOpen } from './reads';

// How offers end without an answer (decision 061): unanswered in 48 hours, an accepted one not paid in time,
// or their listing sold, withdrawn or repriced. Each ending is written once and its people told.

type ProductRow = typeof products.$inferSelect;
type Ending = 'expired' | 'ended' | 'completed';

// Ends the offers `where` picks (at most 200 at a time; rows another process is ending are skipped) with
// `status` (an edit's transaction waits for them instead), telling the buyer (and, for an expiry, the seller) unless the offer was completed.
async function endOffers(
  db: Database,
  where: SQL | undefined,
  status: Ending,
  { skipLocked = true } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ offer: offers, title: products.title })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(where)
      .limit(200)
      .for('update', skipLocked ? { of: offers, skipLocked: true } : { of: offers });
    if (rows.length === 0) return 0;
    await tx
      .update(offers)
      .set({ status })
      .where(
        inArray(
          offers.id,
          rows.map((row) => row.offer.id),
        ),
      );
    if (status === 'completed') return rows.length;
    for (const { offer, title } of rows) {
      const facts = { id: offer.id, title, conversationId: offer.conversationId, buyer: '', seller: '' };
      const amount = offer.agreedAmount ?? offer.counterAmount ?? offer.amount;
      const code = status === 'expired' ? 'OFFER_EXPIRED' : 'OFFER_ENDED';
      await notifyOffer(tx, offer.buyerId, facts, { code, amount });
      if (status === 'expired') await notifyOffer(tx, offer.sellerId, facts, { code, amount });
    }
    return rows.length;
  });
}

const paidByBuyer = sql`exists (select 1 from ${orders} where ${orders.productId} = ${offers.productId}
  and ${orders.buyerId} = ${offers.buyerId} and ${orders.status} = 'paid')`;
const accepted = eq(offers.status, 'accepted');
const listingGone = sql`(not ${products.isAvailable} or ${products.status} <> 'approved')`;

// The periodic sweep (once a minute): paid accepted offers completed; offers on listings sold or withdrawn
// ended; unanswered offers and unpaid accepted ones past their time expired.
export async function sweepOffers({ db }: { db: Database }): Promise<number> {
  let handled = await endOffers(db, and(accepted, paidByBuyer), 'completed');
  handled += await endOffers(
    db,
    and(or(isOpen, and(accepted, sql`not ${paidByBuyer}`)), listingGone),
    'ended',
  );
  handled += await endOffers(db, and(isOpen, sql`${offers.expiresAt} <= now()`), 'expired');
  handled += await endOffers(db, and(accepted, sql`${offers.holdExpiresAt} <= now()`), 'expired');
  return handled;
}

// After an edit of a listing, in its transaction: a withdrawn listing (unavailable, a donation now, or sent
// back to review) ends all its offers, the accepted one too; a new price ends the open ones (an accepted
// offer keeps the price the seller agreed to).
export async function endOffersOnEdit({
  db,
  before,
  after,
}: {
  db: Database;
  before: ProductRow;
  after: ProductRow;
}): Promise<void> {
  const withdrawn = !after.isAvailable || after.tag !== 'For sale' || after.status !== 'approved';
  const repriced = after.price !== before.price;
  if (!withdrawn && !repriced) return;
  await endOffers(
    db,
    and(eq(offers.productId, after.id), withdrawn ? or(isOpen, accepted) : isOpen),
    'ended',
    { skipLocked: false },
  );
}

// An account deleted (decision 050): the offers it made are withdrawn, the accepted one too, so no item stays
// held for nobody. (Offers on its listings end with the listings, which the deletion withdraws.)
export async function withdrawOffersOfDeletedAccount(db: Database, userId: string): Promise<void> {
  await db
    .update(offers)
    .set({ status: 'withdrawn' })
    .where(and(eq(offers.buyerId, userId), or(isOpen, accepted)));
}

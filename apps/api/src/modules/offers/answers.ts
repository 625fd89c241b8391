import { eq, sql } from 'drizzle-orm';
import type { Offer } from '@marketplace/shared/schemas/offers';
import type { Database } from '../../db/client';
import { offers, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { lockListing } from '../products/index';
import { assertListingOpenToOffers } from './listing-state';
import { answerDeadline } from './make-offer';
import { notifyOffer, type OfferNoticeFacts } from './notices';
import { getOffer } from './reads';

export type OfferAction = 'accept' | 'decline' | 'counter' | 'withdraw';

type OfferRow = typeof offers.$inferSelect;

// Whose turn it is: the seller answers a pending offer (accept, decline, counter); the buyer answers a
// counter (accept, decline); the buyer may withdraw an open offer at any time.
function assertTurn(offer: OfferRow, userId: string, action: OfferAction) {
  const isBuyer = offer.buyerId === userId;
  if (action === 'withdraw') {
    if (!isBuyer) throw forbidden('OFFER_NOT_YOUR_TURN');
    return;
  }
  const turn = offer.status === 'pending' ? offer.sellerId : offer.buyerId;
  if (turn !== userId || (action === 'counter' && offer.status !== 'pending'))
    throw forbidden('OFFER_NOT_YOUR_TURN');
}

// POST /api/offers/{id}/accept | decline | counter | withdraw, by one of the offer's two people.
// Note: the listing's row is locked before the offer's (the order an edit of the listing takes them in), and
// an accept checks under that lock that no other offer was accepted and nobody is paying: of two accepts at
// once of two offers on one item, the second waits for the first and is then told the item is held.
export async function answerOffer({
  db,
  offerId,
  userId,
  action,
  counterAmount,
  holdSeconds,
}: {
  db: Database;
  offerId: string;
  userId: string;
  action: OfferAction;
  counterAmount?: number;
  holdSeconds: number;
}): Promise<Offer> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(offers).where(eq(offers.id, offerId));
    if (!found || (found.buyerId !== userId && found.sellerId !== userId)) throw notFound('OFFER_NOT_FOUND');
    const product = await lockListing(tx, { id: found.productId });
    const [locked] = await tx
      .select({ offer: offers, isPastDeadline: sql<boolean>`${offers.expiresAt} <= now()` })
      .from(offers)
      .where(eq(offers.id, offerId))
      .for('update');
    if (!locked) throw notFound('OFFER_NOT_FOUND');
    const { offer, isPastDeadline } = locked;
    if (offer.status === 'expired' || (isOpenStatus(offer) && isPastDeadline))
      throw conflict('OFFER_EXPIRED');
    if (!isOpenStatus(offer)) throw conflict('OFFER_CLOSED');
    assertTurn(offer, userId, action);

    const [buyer] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, offer.buyerId));
    const [seller] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, offer.sellerId));
    const facts: OfferNoticeFacts = {
      id: offer.id,
      title: product.title,
      conversationId: offer.conversationId,
      buyer: buyer?.username ?? '',
      seller: seller?.username ?? '',
    };
    const answered = offer.status === 'countered' ? (offer.counterAmount ?? offer.amount) : offer.amount;

    if (action === 'withdraw') {
      await tx.update(offers).set({ status: 'withdrawn' }).where(eq(offers.id, offer.id));
      await notifyOffer(tx, offer.sellerId, facts, { code: 'OFFER_WITHDRAWN', amount: answered });
    } else if (action === 'decline') {
      await tx.update(offers).set({ status: 'declined' }).where(eq(offers.id, offer.id));
      // A declined counter is the buyer's no: the seller hears it as a withdrawal.
      if (offer.status === 'pending')
        await notifyOffer(tx, offer.buyerId, facts, { code: 'OFFER_DECLINED', amount: answered });
      else await notifyOffer(tx, offer.sellerId, facts, { code: 'OFFER_WITHDRAWN', amount: answered });
    } else if (action === 'counter') {
      await assertListingOpenToOffers(tx, product, { buyerId: offer.buyerId });
      const price = product.price ?? 0;
      if (counterAmount === undefined || counterAmount <= offer.amount || counterAmount >= price)
        throw new AppError(422, 'OFFER_COUNTER_OUT_OF_RANGE');
      await tx
        .update(offers)
        .set({ status: 'countered', counterAmount, expiresAt: answerDeadline })
        .where(eq(offers.id, offer.id));
      await notifyOffer(tx, offer.buyerId, facts, { code: 'OFFER_COUNTERED', amount: counterAmount });
    } else {
      await assertListingOpenToOffers(tx, product, { buyerId: offer.buyerId, anyCheckoutBlocks: true });
      await tx
        .update(offers)
        .set({
          status: 'accepted',
          agreedAmount: answered,
          holdExpiresAt: sql`now() + make_interval(secs => ${holdSeconds})`,
        })
        .where(eq(offers.id, offer.id));
      if (offer.status === 'pending')
        await notifyOffer(tx, offer.buyerId, facts, {
          code: 'OFFER_ACCEPTED',
          amount: answered,
          holdSeconds,
        });
      else
        await notifyOffer(tx, offer.sellerId, facts, {
          code: 'OFFER_COUNTER_ACCEPTED',
          amount: answered,
          holdSeconds,
        });
    }
  });
  return getOffer(db, offerId, userId);
}

const isOpenStatus = (offer: OfferRow) => offer.status === 'pending' || offer.status === 'countered';

import { and, count, eq, sql } from 'drizzle-orm';
import { MAX_OPEN_OFFERS_PER_BUYER, OFFER_ANSWER_HOURS } from '@marketplace/shared/constants';
import type { Offer } from '@marketplace/shared/schemas/offers';
import type { Database } from '../../db/client';
import { offers, products, users } from '../../db/schema';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { blockBetween, openConversation } from '../messages/index';
import { lockListing } from '../products/index';
import { assertListingOpenToOffers } from './listing-state';
import { notifyOffer, type OfferNoticeFacts } from './notices';
import { getOffer, isOpen } from './reads';

// An offer's deadline for an answer, from now (the database's clock).
export const answerDeadline = sql`now() + make_interval(hours => ${OFFER_ANSWER_HOURS})`;

// An open offer past its deadline that the sweep has not reached yet is expired here first, so the buyer's
// new offer and the limits see what the buyer sees.
const openPastDeadline = sql`${isOpen} and ${offers.expiresAt} <= now()`;

// POST /api/products/{id}/offers. Under the buyer's row lock (their open offers are counted one after the
// other) and then the listing's (the order checkout takes them in), so the limits hold exactly.
export async function makeOffer({
  db,
  productId,
  buyerId,
  amount,
}: {
  db: Database;
  productId: string;
  buyerId: string;
  amount: number;
}): Promise<Offer> {
  const id = await db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, buyerId))
      .for('update');
    if (!buyer) throw new AppError(401, 'LOGIN_REQUIRED');
    const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    const product = exists ? await lockListing(tx, { id: productId }) : null;
    const { price } = await assertListingOpenToOffers(tx, product, { buyerId });
    if (!product) throw new Error('checked above');
    if (amount * 2 < price) throw new AppError(422, 'OFFER_TOO_LOW');
    if (amount >= price) throw new AppError(422, 'OFFER_NOT_BELOW_PRICE');
    // A seller who blocked the buyer in their messages hears no offers from them either.
    if (await blockBetween(tx, product.ownerId, buyerId)) throw forbidden('OFFER_BLOCKED');

    await tx
      .update(offers)
      .set({ status: 'expired' })
      .where(and(eq(offers.buyerId, buyerId), openPastDeadline));
    const [open] = await tx
      .select({ total: count() })
      .from(offers)
      .where(and(eq(offers.buyerId, buyerId), isOpen));
    const [same] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.buyerId, buyerId), eq(offers.productId, productId), isOpen));
    if (same) throw conflict('OFFER_ALREADY_OPEN');
    if ((open?.total ?? 0) >= MAX_OPEN_OFFERS_PER_BUYER) throw new AppError(422, 'OFFER_LIMIT_REACHED');

    // The offer shows in the buyer's conversation with the seller about this listing.
    const conversationId = await openConversation({ db: tx, productId, userId: buyerId });
    const [row] = await tx
      .insert(offers)
      .values({
        productId,
        buyerId,
        sellerId: product.ownerId,
        conversationId,
        amount,
        expiresAt: answerDeadline,
      })
      .returning();
    if (!row) throw new Error('offer not written');
    const [seller] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, product.ownerId));
    const facts: OfferNoticeFacts = {
      id: row.id,
      title: product.title,
      conversationId,
      buyer: buyer.username,
      seller: seller?.username ?? '',
    };
    await notifyOffer(tx, product.ownerId, facts, { code: 'OFFER_RECEIVED', amount });
    return row.id;
  });
  return getOffer(db, id, buyerId);
}

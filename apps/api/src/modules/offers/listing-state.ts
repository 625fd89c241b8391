import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, type products } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { findOfferHold } from './reads';

type Executor = Pick<Database, 'select'>;
type ProductRow = typeof products.$inferSelect;

// Whether a listing may take an offer, or an accept, from or for this buyer now (decision 061): the reason
// it may not as an error. `anyCheckoutBlocks`: the buyer's own checkout in progress blocks too (an accept:
// that payment was started at another price). Runs under
// the listing's row lock, which checkout takes too, so an accept and a checkout never both win.
// Note: sold and held read the orders as payments/holds.ts defines them (a paid order; a pending order whose
// hold has not run out); a domain does not import the payments flow (decision 053).
export async function assertListingOpenToOffers(
  db: Executor,
  product: ProductRow | null,
  { buyerId, anyCheckoutBlocks = false }: { buyerId: string; anyCheckoutBlocks?: boolean },
) {
  const sold = product
    ? (
        await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.productId, product.id), eq(orders.status, 'paid')))
          .limit(1)
      ).length > 0
    : false;
  if (!product || product.status !== 'approved' || !(product.isAvailable || sold)) {
    if (product?.ownerId === buyerId) throw ownProduct();
    throw notFound('PRODUCT_NOT_FOUND');
  }
  if (product.ownerId === buyerId) throw ownProduct();
  if (product.tag !== 'For sale' || product.price === null) throw new AppError(422, 'OFFER_NOT_FOR_SALE');
  if (sold) throw conflict('PRODUCT_SOLD');
  const [checkout] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.productId, product.id),
        eq(orders.status, 'pending'),
        sql`${orders.holdExpiresAt} > now()`,
        anyCheckoutBlocks ? undefined : ne(orders.buyerId, buyerId),
      ),
    )
    .limit(1);
  if (checkout) throw conflict('PRODUCT_ON_HOLD');
  const held = await findOfferHold(db, product.id);
  if (held) throw conflict(held.buyerId === buyerId ? 'OFFER_ALREADY_OPEN' : 'PRODUCT_HELD_FOR_OFFER');
  return { price: product.price };
}

const ownProduct = () => new AppError(422, 'OFFER_OWN_PRODUCT');

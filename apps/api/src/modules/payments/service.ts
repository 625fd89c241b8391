import { eq } from 'drizzle-orm';
import type { SellerPayoutStatus } from '@marketplace/shared/schemas/banking';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { PaymentsProvider } from '../../providers/payments/index';
import { ensurePayoutSubaccount } from '../banking/index';

// POST /payment/subaccount with product_id: whether that product's seller can be paid (their payout
// subaccount is created from their verified account when it is still missing). null when the caller is the
// seller: their own call then goes through ensurePayoutSubaccount as usual.
// Note: the caller learns only that the seller can be paid: never another person's subaccount, bank or any
// digit of their account number (issue 27). A seller who cannot be paid is 422 SELLER_BANK_NOT_VERIFIED.
export async function sellerPayoutStatus({
  db,
  payments,
  productId,
  callerId,
}: {
  db: Database;
  payments: PaymentsProvider;
  productId: string;
  callerId: string;
}): Promise<SellerPayoutStatus | null> {
  const [product] = await db
    .select({ ownerId: products.ownerId, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.status !== 'approved') throw notFound('PRODUCT_NOT_FOUND');
  if (product.ownerId === callerId) return null;
  try {
    await ensurePayoutSubaccount({ db, payments, userId: product.ownerId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'BANK_NOT_VERIFIED')
      throw unprocessable('SELLER_BANK_NOT_VERIFIED');
    throw error;
  }
  return { sellerCanBePaid: true };
}

import { eq } from 'drizzle-orm';
import type { SubaccountResult } from '@marketplace/shared/schemas/banking';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { PaymentsProvider } from '../../providers/payments/index';
import { ensurePayoutSubaccount } from '../banking/index';

// POST /payment/subaccount with product_id: the subaccount of that product's seller (created from
// their verified account when it is still missing). null when the caller is the seller: their own
// call then goes through ensurePayoutSubaccount as usual.
// Note: another seller's account number is never shown, only its last four digits.
export async function subaccountOfProductSeller({
  db,
  payments,
  productId,
  callerId,
}: {
  db: Database;
  payments: PaymentsProvider;
  productId: string;
  callerId: string;
}): Promise<SubaccountResult | null> {
  const [product] = await db
    .select({ ownerId: products.ownerId, status: products.status })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.status !== 'approved') throw notFound('PRODUCT_NOT_FOUND');
  if (product.ownerId === callerId) return null;
  let subaccount: SubaccountResult;
  try {
    ({ subaccount } = await ensurePayoutSubaccount({ db, payments, userId: product.ownerId }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'BANK_NOT_VERIFIED') throw unprocessable('SELLER_BANK_NOT_VERIFIED');
    throw error;
  }
  const masked = `******${subaccount.data.account_number.slice(-4)}`;
  return { subaccount_code: subaccount.subaccount_code, data: { ...subaccount.data, account_number: masked } };
}

import { eq } from 'drizzle-orm';
import { PLATFORM_PERCENTAGE } from '@marketplace/shared/constants';
import type { SellerPayoutStatus, SubaccountResult } from '@marketplace/shared/schemas/banking';
import type { Database } from '../../db/client';
import { products, users } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { PaymentsProvider } from '../../providers/payments/index';
import { providerFailure } from '../banking/provider-failure';

// Sets up the seller's payment subaccount, into which their share of every payment is settled
// (spec §9: the platform keeps PLATFORM_PERCENTAGE percent). One subaccount per seller: the first
// call creates it; when the seller has since verified another account, the same subaccount is
// pointed at that account; otherwise the existing one is returned as it is.
// Note: the share and the bank account are the server's (the verified account); a client's
// percentageCharge, bank name or account number never reach the provider.
// Note: the seller's row stays locked while the provider is asked, so two requests at once cannot
// create two subaccounts. (On the embedded PGlite database this briefly holds every query; a real
// PostgreSQL only holds this seller's row.)
export async function ensurePayoutSubaccount({
  db,
  payments,
  userId,
  businessName,
}: {
  db: Database;
  payments: PaymentsProvider;
  userId: string;
  businessName?: string | null;
}): Promise<{ subaccount: SubaccountResult; wasCreated: boolean }> {
  return db.transaction(async (tx) => {
    const [seller] = await tx
      .select({
        fullName: users.fullName,
        isVerified: users.isVerified,
        accountNumber: users.accountNumber,
        bankCode: users.bankCode,
        bankName: users.bankName,
        subaccountCode: users.subaccountCode,
        subaccountBankCode: users.subaccountBankCode,
        subaccountAccountNumber: users.subaccountAccountNumber,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!seller) throw notFound();
    const { accountNumber, bankCode, bankName } = seller;
    if (!seller.isVerified || !accountNumber || !bankCode || !bankName) throw unprocessable('BANK_NOT_VERIFIED');

    const details = {
      businessName: businessName?.trim() || seller.fullName,
      bankCode,
      accountNumber,
      percentageCharge: PLATFORM_PERCENTAGE,
    };
    let subaccountCode = seller.subaccountCode;
    if (subaccountCode && seller.subaccountBankCode === bankCode && seller.subaccountAccountNumber === accountNumber) {
      return { subaccount: result(subaccountCode, bankName, accountNumber), wasCreated: false };
    }
    const wasCreated = !subaccountCode;
    try {
      if (subaccountCode) {
        await payments.updateSubaccount(subaccountCode, details);
      } else {
        ({ subaccountCode } = await payments.createSubaccount(details));
      }
    } catch (error) {
      throw providerFailure('PAYOUT_ACCOUNT_ERROR', error);
    }
    await tx
      .update(users)
      .set({ subaccountCode, subaccountBankCode: bankCode, subaccountAccountNumber: accountNumber })
      .where(eq(users.id, userId));
    return { subaccount: result(subaccountCode, bankName, accountNumber), wasCreated };
  });
}

function result(subaccountCode: string, bankName: string, accountNumber: string): SubaccountResult {
  const data = { subaccount_code: subaccountCode, percentage_charge: PLATFORM_PERCENTAGE, settlement_bank: bankName, account_number: accountNumber };
  return { subaccount_code: subaccountCode, data };
}

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
    if (error instanceof AppError && error.code === 'BANK_NOT_VERIFIED') throw unprocessable('SELLER_BANK_NOT_VERIFIED');
    throw error;
  }
  return { sellerCanBePaid: true };
}

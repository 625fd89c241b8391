import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { PLATFORM_PERCENTAGE } from '@marketplace/shared/constants';
import type { SubaccountResult } from '@marketplace/shared/schemas/banking';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { PaymentsProvider } from '../../providers/payments/index';
import { providerFailure } from './provider-failure';

// Sets up the seller's payment subaccount, into which their share of every payment is settled
// (spec §9: the platform keeps PLATFORM_PERCENTAGE percent). One subaccount per seller: the first
// call creates it; when the seller has since verified another account, the same subaccount is
// pointed at that account; otherwise the existing one is returned as it is.
// Note: the share and the bank account are the server's (the verified account); a client's
// percentageCharge, bank name or account number never reach the provider.
// Note: no transaction or row lock is held while the provider is asked (up to its timeout, 8 s): on the
// embedded PGlite database that would hold every query of the marketplace, on PostgreSQL a pooled connection.
// One request at a time per seller claims the call instead (subaccountClaimExpiresAt): a second waits for the
// first's answer, then reads it; a claim left by a process that died lapses after CLAIM_MS (decision 081).
// The claim's times are the database's, so API hosts whose clocks differ agree on them.
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
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const [seller] = await db.select(sellerColumns).from(users).where(eq(users.id, userId));
    if (!seller) throw notFound();
    const account = verifiedAccount(seller);
    if (isCurrent(seller, account))
      return { subaccount: result(seller.subaccountCode, account), wasCreated: false };

    // The database's clock, to the millisecond (the claim is compared with what this returns as a Date).
    const [claimed] = await db
      .update(users)
      .set({
        subaccountClaimExpiresAt: sql`date_trunc('milliseconds', now()) + ${`${CLAIM_MS} milliseconds`}::interval`,
      })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.subaccountClaimExpiresAt), lt(users.subaccountClaimExpiresAt, sql`now()`)),
        ),
      )
      .returning({ ...sellerColumns, claim: users.subaccountClaimExpiresAt });
    if (claimed?.claim)
      return setUpClaimed({ db, payments, userId, businessName, seller: claimed, claim: claimed.claim });

    if (Date.now() >= waitUntil)
      throw providerFailure(
        'PAYOUT_ACCOUNT_ERROR',
        new Error("another request is still setting up this seller's payout subaccount"),
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

// A claim outlives the provider's timeout (8 s) with room to spare; a second request waits a little longer
// than that timeout for the first's answer before it gives up with the payout message.
const CLAIM_MS = 30_000;
const WAIT_MS = 10_000;
const POLL_MS = 100;

const sellerColumns = {
  fullName: users.fullName,
  isVerified: users.isVerified,
  accountNumber: users.accountNumber,
  bankCode: users.bankCode,
  bankName: users.bankName,
  subaccountCode: users.subaccountCode,
  subaccountBankCode: users.subaccountBankCode,
  subaccountAccountNumber: users.subaccountAccountNumber,
};
type Seller = Pick<typeof users.$inferSelect, keyof typeof sellerColumns>;
type Account = { accountNumber: string; bankCode: string; bankName: string };

function verifiedAccount(seller: Seller): Account {
  const { accountNumber, bankCode, bankName } = seller;
  if (!seller.isVerified || !accountNumber || !bankCode || !bankName)
    throw unprocessable('BANK_NOT_VERIFIED');
  return { accountNumber, bankCode, bankName };
}

function isCurrent(seller: Seller, account: Account): seller is Seller & { subaccountCode: string } {
  return (
    !!seller.subaccountCode &&
    seller.subaccountBankCode === account.bankCode &&
    seller.subaccountAccountNumber === account.accountNumber
  );
}

// The provider's call under this request's claim, the seller as the claim read them; the claim is given back
// whatever happens.
async function setUpClaimed({
  db,
  payments,
  userId,
  businessName,
  seller,
  claim,
}: {
  db: Database;
  payments: PaymentsProvider;
  userId: string;
  businessName?: string | null;
  seller: Seller;
  claim: Date;
}): Promise<{ subaccount: SubaccountResult; wasCreated: boolean }> {
  // Ours while it holds this request's claim: a claim that lapsed and was taken by another stays theirs.
  const claimReleased = sql`case when ${users.subaccountClaimExpiresAt} = ${claim.toISOString()}::timestamptz then null else ${users.subaccountClaimExpiresAt} end`;
  // A release that fails leaves the claim to lapse (CLAIM_MS): the error that brought it here is the answer.
  const release = () =>
    db
      .update(users)
      .set({ subaccountClaimExpiresAt: claimReleased })
      .where(eq(users.id, userId))
      .catch(() => undefined);
  let account: Account;
  let subaccountCode = seller.subaccountCode;
  try {
    account = verifiedAccount(seller);
    if (isCurrent(seller, account)) {
      await release();
      return { subaccount: result(seller.subaccountCode, account), wasCreated: false };
    }
    const details = {
      businessName: businessName?.trim() || seller.fullName,
      bankCode: account.bankCode,
      accountNumber: account.accountNumber,
      percentageCharge: PLATFORM_PERCENTAGE,
    };
    if (subaccountCode) await payments.updateSubaccount(subaccountCode, details);
    else ({ subaccountCode } = await payments.createSubaccount(details));
  } catch (error) {
    await release();
    throw error instanceof AppError ? error : providerFailure('PAYOUT_ACCOUNT_ERROR', error);
  }
  // Recorded even if the claim lapsed meanwhile (the provider now pays this account through this subaccount),
  // but only on a seller still verified: an account deleted meanwhile keeps none of its bank details (decision
  // 050). One who verified another account meanwhile gets it recorded with the account it was made for, so the
  // next call moves it to the new one.
  const [recorded] = await db
    .update(users)
    .set({
      subaccountCode,
      subaccountBankCode: account.bankCode,
      subaccountAccountNumber: account.accountNumber,
      subaccountClaimExpiresAt: claimReleased,
    })
    .where(and(eq(users.id, userId), eq(users.isVerified, true)))
    .returning({ id: users.id });
  if (!recorded) {
    await release();
    throw unprocessable('BANK_NOT_VERIFIED');
  }
  return { subaccount: result(subaccountCode, account), wasCreated: !seller.subaccountCode };
}

function result(subaccountCode: string, { bankName, accountNumber }: Account): SubaccountResult {
  const data = {
    subaccount_code: subaccountCode,
    percentage_charge: PLATFORM_PERCENTAGE,
    settlement_bank: bankName,
    account_number: accountNumber,
  };
  return { subaccount_code: subaccountCode, data };
}

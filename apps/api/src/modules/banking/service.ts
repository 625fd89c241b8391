import { and, eq } from 'drizzle-orm';
import { findListedBank, sameBankName } from '@marketplace/shared/banks';
import type { Bank, ResolvedAccount } from '@marketplace/shared/schemas/banking';
import type { Database } from '../../db/client';
import { bankResolutions } from '../../db/schema';
import { badRequest, unprocessable } from '../../lib/errors';
import { AccountNotFoundError, type PaymentsProvider } from '../../providers/payments/index';
import { providerFailure } from './provider-failure';

type Deps = { db: Database; payments: PaymentsProvider };

export type BankDetails = { accountName: string; accountNumber: string; bankName: string; bankCode: string };

export async function listBanks({ payments }: { payments: PaymentsProvider }): Promise<Bank[]> {
  try {
    return await payments.listBanks();
  } catch (error) {
    throw providerFailure('BANK_LIST_UNAVAILABLE', error);
  }
}

// Asks the payment provider whose account this is, and remembers the answer for this user: saving
// the profile with exactly this account is what verifies the seller (DESIGN.md).
export async function resolveBankAccount({
  db,
  payments,
  userId,
  query,
}: Deps & {
  userId: string;
  query: { account_number?: string; bank_name?: string; bank_code?: string };
}): Promise<ResolvedAccount> {
  const accountNumber = query.account_number;
  if (!accountNumber) throw badRequest('BANK_DETAILS_MISSING');
  let banks: Bank[];
  try {
    banks = await payments.listBanks();
  } catch (error) {
    throw providerFailure('BANK_VERIFICATION_ERROR', error);
  }
  const bank = findListedBank(banks, { bankCode: query.bank_code, bankName: query.bank_name });
  if (!bank) throw badRequest('BANK_NOT_IN_LIST', [{ path: 'bank_name', code: 'BANK_NOT_IN_LIST' }]);

  let accountName: string;
  try {
    ({ accountName } = await payments.resolveAccount({ accountNumber, bankCode: bank.code }));
  } catch (error) {
    if (error instanceof AccountNotFoundError) throw unprocessable('BANK_VERIFICATION_FAILED');
    throw providerFailure('BANK_VERIFICATION_ERROR', error);
  }

  await db
    .insert(bankResolutions)
    .values({ userId, bankCode: bank.code, accountNumber, bankName: bank.name, accountName })
    .onConflictDoUpdate({
      target: [bankResolutions.userId, bankResolutions.bankCode, bankResolutions.accountNumber],
      set: { bankName: bank.name, accountName, resolvedAt: new Date() },
    });

  return {
    account_name: accountName,
    account_number: accountNumber,
    bank_code: bank.code,
    bank_name: bank.name,
    data: { account_name: accountName, account_number: accountNumber },
  };
}

type SubmittedBankDetails = {
  accountName: string | null;
  accountNumber: string | null;
  bankName: string | null;
  bankCode: string | null;
};

// The bank details a profile is saved with. None at all: null (a buyer needs none). Otherwise they
// must be an account the provider resolved for this very user, under the name it gave, or the
// account the server already verified for them, sent back unchanged; anything else is refused
// (spec §5: 'Please verify your bank details to complete profile info.').
// Note: the client's isVerified never enters here; only what the server itself resolved counts.
export async function verifyBankDetails({
  db,
  userId,
  details,
  current,
}: {
  db: Database;
  userId: string;
  details: SubmittedBankDetails;
  // The user's stored bank details, as the server last verified (or cleared) them.
  current: SubmittedBankDetails & { isVerified: boolean };
}): Promise<BankDetails | null> {
  const { accountName, accountNumber, bankName, bankCode } = details;
  if (!accountName && !accountNumber && !bankName && !bankCode) return null;
  if (!accountName || !accountNumber || (!bankName && !bankCode))
    throw unprocessable('BANK_DETAILS_UNVERIFIED');

  const matches = (known: BankDetails) =>
    known.accountNumber === accountNumber &&
    (!bankCode || known.bankCode === bankCode) &&
    (!bankName || sameBankName(known.bankName, bankName)) &&
    sameBankName(known.accountName, accountName);

  if (
    current.isVerified &&
    current.accountName &&
    current.accountNumber &&
    current.bankName &&
    current.bankCode
  ) {
    const verified = {
      accountName: current.accountName,
      accountNumber: current.accountNumber,
      bankName: current.bankName,
      bankCode: current.bankCode,
    };
    if (matches(verified)) return verified;
  }

  const resolutions = await db
    .select()
    .from(bankResolutions)
    .where(and(eq(bankResolutions.userId, userId), eq(bankResolutions.accountNumber, accountNumber)));
  const match = resolutions.find(matches);
  if (!match) throw unprocessable('BANK_DETAILS_UNVERIFIED');
  return {
    accountName: match.accountName,
    accountNumber: match.accountNumber,
    bankName: match.bankName,
    bankCode: match.bankCode,
  };
}

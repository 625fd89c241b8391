import type { Bank } from '@marketplace/shared/schemas/banking';
import type { Config } from '../../config';
import { createPaystackPayments } from './paystack';
import { createSandboxPayments } from './sandbox';

export { AccountNotFoundError, PaymentProviderError } from './errors';

export type { Bank };

export type ResolvedBankAccount = { accountName: string; accountNumber: string; bankCode: string };

export type SubaccountDetails = {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  // The platform's share of each payment, in percent.
  percentageCharge: number;
};

// The payments port (DESIGN.md): Paystack when PAYSTACK_SECRET_KEY is set, otherwise the sandbox.
// Transactions (initialize, verify, webhooks) join this port with the checkout issue.
export type PaymentsProvider = {
  kind: 'paystack' | 'sandbox';
  // Nigerian banks that accept payouts.
  listBanks: () => Promise<Bank[]>;
  // Throws AccountNotFoundError when the bank has no such account, PaymentProviderError otherwise.
  resolveAccount: (account: { accountNumber: string; bankCode: string }) => Promise<ResolvedBankAccount>;
  createSubaccount: (details: SubaccountDetails) => Promise<{ subaccountCode: string }>;
  // Points an existing subaccount at another settlement account.
  updateSubaccount: (subaccountCode: string, details: SubaccountDetails) => Promise<void>;
};

export function createPaymentsProvider(config: Pick<Config, 'paystack'>): PaymentsProvider {
  return config.paystack.secretKey
    ? createPaystackPayments({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl })
    : createSandboxPayments();
}

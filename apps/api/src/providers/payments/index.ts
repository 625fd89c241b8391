import { createHmac } from 'node:crypto';
import type { Bank } from '@marketplace/shared/schemas/banking';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
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

// A payment to start on the provider's hosted page; amounts in kobo.
export type PaymentRequest = {
  email: string;
  amount: number;
  currency: 'NGN';
  // Our own unique reference: the provider keeps it, so verify and webhooks name it.
  reference: string;
  // Split payouts (PAYOUT_MODE=split): the seller's subaccount; the platform keeps transactionCharge and the
  // subaccount bears the fees. Without it the whole payment is collected to the platform's balance.
  split?: { subaccount: string; transactionCharge: number };
  callbackUrl: string;
  metadata: Record<string, string>;
};

export type StartedPayment = { authorizationUrl: string; accessCode: string; reference: string };

// What the provider says of a payment (Paystack's statuses; 'reversed' is refunded).
export type ProviderPaymentStatus =
  'success' | 'failed' | 'abandoned' | 'pending' | 'ongoing' | 'reversed' | 'processing' | 'queued';
export type ProviderPayment = {
  reference: string;
  status: ProviderPaymentStatus;
  amount: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  providerId: string | null;
};

// A transfer to a seller's bank account (buyer protection's payouts), by our own unique reference.
export type TransferRequest = { reference: string; amount: number; recipientCode: string; reason: string };
// What the provider says of a transfer: 'pending' (queued, processing, otp) is not final yet.
export type ProviderTransfer = {
  reference: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
  transferCode: string | null;
  amount: number;
};
export type TransferRecipient = { name: string; accountNumber: string; bankCode: string };

// The payments port (DESIGN.md): Paystack when PAYSTACK_SECRET_KEY is set, otherwise the sandbox.
export type PaymentsProvider = {
  kind: 'paystack' | 'sandbox';
  // The key of the webhook signature (x-paystack-signature: HMAC-SHA512 of the raw body).
  webhookSecret: string;
  // Throws PaymentProviderError when the provider is down or refuses.
  initializePayment: (request: PaymentRequest) => Promise<StartedPayment>;
  // null when the provider knows no such reference.
  verifyPayment: (reference: string) => Promise<ProviderPayment | null>;
  // A refund of a successful payment: the whole of it, or `amount` kobo of it.
  refundPayment: (reference: string, amount?: number) => Promise<void>;
  // What was refunded of a payment so far (kobo), to never refund twice after a lost reply.
  refundedAmount: (reference: string) => Promise<number>;
  // A recipient for transfers into a verified Nigerian bank account (type nuban).
  createTransferRecipient: (recipient: TransferRecipient) => Promise<{ recipientCode: string }>;
  initiateTransfer: (request: TransferRequest) => Promise<ProviderTransfer>;
  // null when the provider knows no transfer with this reference.
  verifyTransfer: (reference: string) => Promise<ProviderTransfer | null>;
  // Nigerian banks that accept payouts.
  listBanks: () => Promise<Bank[]>;
  // Throws AccountNotFoundError when the bank has no such account, PaymentProviderError otherwise.
  resolveAccount: (account: { accountNumber: string; bankCode: string }) => Promise<ResolvedBankAccount>;
  createSubaccount: (details: SubaccountDetails) => Promise<{ subaccountCode: string }>;
  // Points an existing subaccount at another settlement account.
  updateSubaccount: (subaccountCode: string, details: SubaccountDetails) => Promise<void>;
};

export function createPaymentsProvider(
  config: Pick<Config, 'paystack' | 'publicUrl' | 'jwtSecret'>,
  db: Database,
): PaymentsProvider {
  return config.paystack.secretKey
    ? createPaystackPayments({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl })
    : createSandboxPayments({
        db,
        publicUrl: config.publicUrl,
        webhookSecret: sandboxWebhookSecret(config.jwtSecret),
      });
}

// Note: the sandbox signs its webhooks with a key derived from the JWT secret, so every API process
// agrees on it and nobody outside can forge one.
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha512', jwtSecret).update('payments-sandbox-webhook').digest('hex');
}

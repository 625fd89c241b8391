import { z } from 'zod';
import { createCachedLoader, createProviderClient, type ProviderReply } from '../http-client';
import { AccountNotFoundError, PaymentProviderError } from './errors';
import type {
  Bank,
  PaymentsProvider,
  ProviderPaymentStatus,
  ProviderTransfer,
  SubaccountDetails,
} from './index';

// The Paystack adapter: REST with fetch, the secret key as a bearer token. Paystack answers
// `{ status, message, data, meta? }`; `status: false` (or a 4xx) on resolve means the bank has no
// such account, anything else that goes wrong (5xx, timeout, network) is a provider failure.

export type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  bankListTtlMs?: number;
};

const DEFAULT_TIMEOUT_MS = 8000;
// The bank list changes a few times a year; every resolve checks the bank against it.
const DEFAULT_BANK_LIST_TTL_MS = 6 * 60 * 60 * 1000;
const MAX_BANK_PAGES = 20;

const PaystackBankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  active: z.boolean().nullish(),
  is_deleted: z.boolean().nullish(),
});

const BankPageSchema = z.object({
  status: z.literal(true),
  data: z.array(PaystackBankSchema),
  meta: z.object({ next: z.string().nullish() }).nullish(),
});

const ResolvedSchema = z.object({
  status: z.literal(true),
  data: z.object({ account_name: z.string().trim().min(1), account_number: z.string() }),
});

const SubaccountSchema = z.object({
  status: z.literal(true),
  data: z.object({ subaccount_code: z.string().min(1) }),
});

const InitializedSchema = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url(), access_code: z.string(), reference: z.string() }),
});

const PAYMENT_STATUSES = [
  'success',
  'failed',
  'abandoned',
  'pending',
  'ongoing',
  'reversed',
  'processing',
  'queued',
] as const satisfies readonly ProviderPaymentStatus[];

const VerifiedSchema = z.object({
  status: z.literal(true),
  data: z.object({
    id: z.union([z.number(), z.string()]).nullish(),
    status: z.enum(PAYMENT_STATUSES),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string().nullish(),
    channel: z.string().nullish(),
  }),
});

const RecipientSchema = z.object({
  status: z.literal(true),
  data: z.object({ recipient_code: z.string().min(1) }),
});

const TransferSchema = z.object({
  status: z.literal(true),
  data: z.object({
    reference: z.string().nullish(),
    status: z.string(),
    transfer_code: z.string().nullish(),
    amount: z.number().int(),
  }),
});

const RefundListSchema = z.object({
  status: z.literal(true),
  data: z.array(z.object({ amount: z.number().int(), status: z.string().nullish() })),
});

// Paystack's transfer statuses, in the four the payouts act on: otp, queued, received and processing are
// still pending; abandoned, blocked and rejected failed.
function transferStatus(status: string): ProviderTransfer['status'] {
  if (status === 'success' || status === 'reversed') return status;
  if (['failed', 'abandoned', 'blocked', 'rejected'].includes(status)) return 'failed';
  return 'pending';
}

function toTransfer(reference: string, data: z.infer<typeof TransferSchema>['data']): ProviderTransfer {
  return {
    reference: data.reference ?? reference,
    status: transferStatus(data.status),
    transferCode: data.transfer_code ?? null,
    amount: data.amount,
  };
}

const FailureSchema = z.object({ status: z.literal(false), message: z.string().optional() });

// Statuses with which Paystack says an account does not resolve (wrong number, unknown bank code).
const NO_SUCH_ACCOUNT_STATUSES = new Set([400, 404, 422]);

export function createPaystackPayments(options: PaystackOptions): PaymentsProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const bankListTtlMs = options.bankListTtlMs ?? DEFAULT_BANK_LIST_TTL_MS;

  const call = createProviderClient({
    name: 'paystack',
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.secretKey}` },
    timeoutMs,
    toError: (message, cause) => new PaymentProviderError(message, { cause }),
  });
  const cachedBanks = createCachedLoader(bankListTtlMs, fetchBanks);

  function failure(what: string, reply: ProviderReply): PaymentProviderError {
    const parsed = FailureSchema.safeParse(reply.body);
    const message = parsed.success && parsed.data.message ? `: ${parsed.data.message}` : '';
    return new PaymentProviderError(`${what} answered ${reply.status}${message}`);
  }

  async function fetchBanks(): Promise<Bank[]> {
    const banks = new Map<number, Bank>();
    let cursor: string | null = null;
    for (let page = 0; page < MAX_BANK_PAGES; page++) {
      const query: Record<string, string> = { country: 'nigeria', perPage: '100', use_cursor: 'true' };
      if (cursor) query.next = cursor;
      const reply = await call('GET', '/bank', { query });
      const parsed = BankPageSchema.safeParse(reply.body);
      if (reply.status !== 200 || !parsed.success) throw failure('paystack GET /bank', reply);
      for (const bank of parsed.data.data) {
        if (bank.active === false || bank.is_deleted === true) continue;
        banks.set(bank.id, { id: bank.id, name: bank.name, code: bank.code });
      }
      cursor = parsed.data.meta?.next ?? null;
      if (!cursor) break;
    }
    return [...banks.values()];
  }

  function subaccountBody(details: SubaccountDetails) {
    return {
      business_name: details.businessName,
      settlement_bank: details.bankCode,
      account_number: details.accountNumber,
      percentage_charge: details.percentageCharge,
    };
  }

  return {
    kind: 'paystack',
    webhookSecret: options.secretKey,

    // POST /transaction/initialize. Split payouts: the split goes to the seller's subaccount, the platform
    // keeps transaction_charge, and the subaccount bears Paystack's fees (bearer 'subaccount'). Protected
    // payouts: no split, the payment is collected to the platform's balance.
    async initializePayment(request) {
      const split = request.split
        ? {
            subaccount: request.split.subaccount,
            transaction_charge: request.split.transactionCharge,
            bearer: 'subaccount',
          }
        : {};
      const reply = await call('POST', '/transaction/initialize', {
        body: {
          email: request.email,
          amount: request.amount,
          currency: request.currency,
          reference: request.reference,
          ...split,
          callback_url: request.callbackUrl,
          metadata: request.metadata,
        },
      });
      const parsed = InitializedSchema.safeParse(reply.body);
      if (reply.status === 200 && parsed.success) {
        const { authorization_url, access_code, reference } = parsed.data.data;
        return { authorizationUrl: authorization_url, accessCode: access_code, reference };
      }
      throw failure('paystack POST /transaction/initialize', reply);
    },

    async verifyPayment(reference) {
      const reply = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (reply.status === 200) {
        const parsed = VerifiedSchema.safeParse(reply.body);
        if (parsed.success) {
          const data = parsed.data.data;
          return {
            reference: data.reference,
            status: data.status,
            amount: data.amount,
            currency: data.currency,
            paidAt: data.paid_at ? new Date(data.paid_at) : null,
            channel: data.channel ?? null,
            providerId: data.id === null || data.id === undefined ? null : String(data.id),
          };
        }
      }
      // Paystack answers 400 or 404 'Transaction reference not found' for a reference it never saw.
      if ((reply.status === 400 || reply.status === 404) && FailureSchema.safeParse(reply.body).success)
        return null;
      throw failure('paystack GET /transaction/verify', reply);
    },

    async refundPayment(reference, amount) {
      const body = amount === undefined ? { transaction: reference } : { transaction: reference, amount };
      const reply = await call('POST', '/refund', { body });
      if (
        (reply.status === 200 || reply.status === 201) &&
        z.object({ status: z.literal(true) }).safeParse(reply.body).success
      )
        return;
      throw failure('paystack POST /refund', reply);
    },

    // GET /refund?reference=: every refund of the payment; a failed one returned nothing.
    async refundedAmount(reference) {
      const reply = await call('GET', '/refund', { query: { reference, currency: 'NGN', perPage: '100' } });
      const parsed = RefundListSchema.safeParse(reply.body);
      if (reply.status !== 200 || !parsed.success) throw failure('paystack GET /refund', reply);
      return parsed.data.data
        .filter((refund) => refund.status !== 'failed')
        .reduce((sum, refund) => sum + refund.amount, 0);
    },

    async createTransferRecipient(recipient) {
      const reply = await call('POST', '/transferrecipient', {
        body: {
          type: 'nuban',
          name: recipient.name,
          account_number: recipient.accountNumber,
          bank_code: recipient.bankCode,
          currency: 'NGN',
        },
      });
      const parsed = RecipientSchema.safeParse(reply.body);
      if ((reply.status === 200 || reply.status === 201) && parsed.success)
        return { recipientCode: parsed.data.data.recipient_code };
      throw failure('paystack POST /transferrecipient', reply);
    },

    // POST /transfer from the balance with our own reference: Paystack refuses a reference it has seen, so a
    // retry can never pay twice.
    async initiateTransfer(request) {
      const reply = await call('POST', '/transfer', {
        body: {
          source: 'balance',
          amount: request.amount,
          recipient: request.recipientCode,
          reference: request.reference,
          reason: request.reason,
          currency: 'NGN',
        },
      });
      const parsed = TransferSchema.safeParse(reply.body);
      if (reply.status === 200 && parsed.success) return toTransfer(request.reference, parsed.data.data);
      throw failure('paystack POST /transfer', reply);
    },

    async verifyTransfer(reference) {
      const reply = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      if (reply.status === 200) {
        const parsed = TransferSchema.safeParse(reply.body);
        if (parsed.success) return toTransfer(reference, parsed.data.data);
      }
      if ((reply.status === 400 || reply.status === 404) && FailureSchema.safeParse(reply.body).success)
        return null;
      throw failure('paystack GET /transfer/verify', reply);
    },

    listBanks() {
      return cachedBanks('nigeria');
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const reply = await call('GET', '/bank/resolve', {
        query: { account_number: accountNumber, bank_code: bankCode },
      });
      if (reply.status === 200) {
        const parsed = ResolvedSchema.safeParse(reply.body);
        if (parsed.success) return { accountName: parsed.data.data.account_name, accountNumber, bankCode };
        if (FailureSchema.safeParse(reply.body).success) throw new AccountNotFoundError();
        throw failure('paystack GET /bank/resolve', reply);
      }
      if (NO_SUCH_ACCOUNT_STATUSES.has(reply.status)) throw new AccountNotFoundError();
      throw failure('paystack GET /bank/resolve', reply);
    },

    async createSubaccount(details) {
      const reply = await call('POST', '/subaccount', { body: subaccountBody(details) });
      const parsed = SubaccountSchema.safeParse(reply.body);
      if ((reply.status === 200 || reply.status === 201) && parsed.success) {
        return { subaccountCode: parsed.data.data.subaccount_code };
      }
      throw failure('paystack POST /subaccount', reply);
    },

    async updateSubaccount(subaccountCode, details) {
      const path = `/subaccount/${encodeURIComponent(subaccountCode)}`;
      const reply = await call('PUT', path, { body: subaccountBody(details) });
      if (reply.status === 200 && z.object({ status: z.literal(true) }).safeParse(reply.body).success) return;
      throw failure('paystack PUT /subaccount', reply);
    },
  };
}

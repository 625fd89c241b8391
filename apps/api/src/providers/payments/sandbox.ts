import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPayments, sandboxTransfers } from '../../db/schema';
import { AccountNotFoundError, PaymentProviderError } from './errors';
import type { PaymentsProvider, ProviderPayment, ProviderTransfer } from './index';
import { nigerianBanks } from './nigerian-banks';
import { isValidNuban } from './nuban';

// The sandbox payments adapter (DESIGN.md): no network, same semantics as Paystack. An account
// resolves only when its NUBAN check digit is right for the bank, so a mistyped number fails as it
// would at a real bank; the name is made up but stable (the same account always has the same name).
// Example accounts that resolve: GTBank (058) 0000000018, Access Bank (044) 0123456784, Kuda Bank (50211) 1000000009.
// Transfers (payouts) are paid after SANDBOX_TRANSFER_STEP_MS, except into GTBank (058) 9999999990, which
// resolves but whose every transfer fails, to try a failed payout.

export const SANDBOX_FAILING_ACCOUNT = { bankCode: '058', accountNumber: '9999999990' } as const;
const SANDBOX_TRANSFER_STEP_MS = 3000;

const firstNames = [
  'Adaeze',
  'Adebayo',
  'Aisha',
  'Amaka',
  'Babajide',
  'Bola',
  'Chiamaka',
  'Chidi',
  'Chinedu',
  'Efosa',
  'Emeka',
  'Fatima',
  'Folake',
  'Funmilayo',
  'Halima',
  'Ibrahim',
  'Ifeoma',
  'Kemi',
  'Musa',
  'Ngozi',
  'Nnamdi',
  'Obinna',
  'Olumide',
  'Oluwaseun',
  'Osaze',
  'Segun',
  'Tobi',
  'Tunde',
  'Uche',
  'Yetunde',
  'Zainab',
  'Eniola',
  'Kelechi',
  'Sadiq',
  'Temitope',
] as const;

const surnames = [
  'Abubakar',
  'Adeyemi',
  'Afolabi',
  'Akande',
  'Aliyu',
  'Balogun',
  'Bello',
  'Chukwu',
  'Eze',
  'Ibekwe',
  'Igwe',
  'Lawal',
  'Mohammed',
  'Nwachukwu',
  'Nwosu',
  'Obi',
  'Odukoya',
  'Ogunleye',
  'Okafor',
  'Okonkwo',
  'Okoro',
  'Olaniyan',
  'Onyeka',
  'Osagie',
  'Oyelaran',
  'Suleiman',
  'Usman',
  'Uzor',
  'Yusuf',
  'Idowu',
] as const;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

// A stable made-up name, upper-case as banks return it.
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const hash = digest(`account-name:${bankCode}:${accountNumber}`);
  const pick = <T>(list: readonly T[], byte: number) => list[hash.readUInt16BE(byte) % list.length] as T;
  return [pick(firstNames, 0), pick(firstNames, 2), pick(surnames, 4)].join(' ').toUpperCase();
}

function bankExists(bankCode: string): boolean {
  return nigerianBanks.some((bank) => bank.code === bankCode);
}

export type SandboxOptions = {
  // Payments are kept in the database, so every API process sees the same ones. Without it (bank
  // checks only, in unit tests) starting a payment fails as a provider failure.
  db?: Database;
  publicUrl?: string;
  webhookSecret?: string;
};

type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

// The sandbox's hosted payment page for a reference (served by the app: payments module).
export function sandboxPageUrl(publicUrl: string, reference: string): string {
  return `${publicUrl}/api/payment/sandbox/${encodeURIComponent(reference)}`;
}

export async function findSandboxPayment(db: Database, reference: string): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.reference, reference))
    .limit(1);
  return row ?? null;
}

// The customer pays or declines on the hosted page: once, like a real card charge.
export async function settleSandboxPayment(
  db: Database,
  reference: string,
  outcome: 'success' | 'failed',
): Promise<SandboxPaymentRow | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ status: outcome, paidAt: outcome === 'success' ? new Date() : null })
    .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, 'abandoned')))
    .returning();
  return row ?? null;
}

function toProviderPayment(row: SandboxPaymentRow): ProviderPayment {
  return {
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    paidAt: row.paidAt,
    channel: row.status === 'abandoned' ? null : 'card',
    providerId: String(row.providerId),
  };
}

// The charge.success event Paystack would send for this payment (the fields our webhook reads, in
// Paystack's shape).
export function sandboxChargeSuccessEvent(row: SandboxPaymentRow) {
  return {
    event: 'charge.success',
    data: {
      id: row.providerId,
      domain: 'test',
      status: 'success',
      reference: row.reference,
      amount: row.amount,
      currency: row.currency,
      paid_at: row.paidAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      channel: 'card',
      gateway_response: 'Approved',
      metadata: row.metadata,
      customer: { email: row.email },
      subaccount: row.subaccount ? { subaccount_code: row.subaccount } : {},
    },
  };
}

// The chargeback a buyer's bank would raise on a paid payment (Paystack's charge.dispute.create), with
// Paystack's answer-by date for Nigerian merchants, 16 hours on.
export function sandboxChargebackEvent(row: SandboxPaymentRow, now = new Date()) {
  return {
    event: 'charge.dispute.create',
    data: {
      id: Number(row.providerId) * 10 + 1,
      refund_amount: row.amount,
      currency: row.currency,
      status: 'awaiting-merchant-feedback',
      resolution: null,
      domain: 'test',
      transaction: {
        id: row.providerId,
        reference: row.reference,
        amount: row.amount,
        currency: row.currency,
      },
      category: 'chargeback',
      due_at: new Date(now.getTime() + 16 * 60 * 60 * 1000).toISOString(),
      created_at: now.toISOString(),
    },
  };
}

// A transfer is pending, then paid after a short step (failed for the failing account); asked again, it is
// brought up to date first.
async function advanceSandboxTransfer(db: Database, reference: string): Promise<ProviderTransfer | null> {
  const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
  if (!row) return null;
  let status = row.status;
  if (status === 'pending' && Date.now() - row.createdAt.getTime() >= SANDBOX_TRANSFER_STEP_MS) {
    status = row.recipientCode === sandboxRecipientCode(SANDBOX_FAILING_ACCOUNT) ? 'failed' : 'success';
    await db
      .update(sandboxTransfers)
      .set({ status })
      .where(and(eq(sandboxTransfers.reference, reference), eq(sandboxTransfers.status, 'pending')));
  }
  return { reference, status, transferCode: row.transferCode, amount: row.amount };
}

function sandboxRecipientCode({ bankCode, accountNumber }: { bankCode: string; accountNumber: string }) {
  return `RCP_sandbox_${bankCode}_${accountNumber}`;
}

export function createSandboxPayments(options: SandboxOptions = {}): PaymentsProvider {
  const database = () => {
    if (!options.db) throw new PaymentProviderError('sandbox: payments need the database');
    return options.db;
  };
  return {
    kind: 'sandbox',
    webhookSecret: options.webhookSecret ?? randomBytes(32).toString('hex'),

    async initializePayment(request) {
      const db = database();
      if (!Number.isInteger(request.amount) || request.amount < 100)
        throw new PaymentProviderError('sandbox: invalid amount');
      if (request.split && !request.split.subaccount.startsWith('ACCT_'))
        throw new PaymentProviderError('sandbox: invalid subaccount');
      const accessCode = randomBytes(8).toString('hex');
      const inserted = await db
        .insert(sandboxPayments)
        .values({
          reference: request.reference,
          accessCode,
          email: request.email,
          amount: request.amount,
          currency: request.currency,
          subaccount: request.split?.subaccount ?? null,
          transactionCharge: request.split?.transactionCharge ?? 0,
          callbackUrl: request.callbackUrl,
          metadata: request.metadata,
        })
        .onConflictDoNothing()
        .returning({ reference: sandboxPayments.reference });
      // Paystack refuses a reference it has seen: 'Duplicate Transaction Reference'.
      if (inserted.length === 0) throw new PaymentProviderError('sandbox: duplicate transaction reference');
      return {
        authorizationUrl: sandboxPageUrl(options.publicUrl ?? '', request.reference),
        accessCode,
        reference: request.reference,
      };
    },

    async verifyPayment(reference) {
      const row = await findSandboxPayment(database(), reference);
      return row ? toProviderPayment(row) : null;
    },

    // Like Paystack: a refund is of a successful payment, at most what is left of it; the whole of it
    // reverses the payment.
    async refundPayment(reference, amount) {
      const [row] = await database()
        .update(sandboxPayments)
        .set({
          refundedAmount: sql`${sandboxPayments.refundedAmount} + ${amount ?? sql`${sandboxPayments.amount} - ${sandboxPayments.refundedAmount}`}`,
          status: sql`case when ${sandboxPayments.refundedAmount} + ${amount ?? sql`${sandboxPayments.amount} - ${sandboxPayments.refundedAmount}`} >= ${sandboxPayments.amount} then 'reversed' else 'success' end`,
        })
        .where(
          and(
            eq(sandboxPayments.reference, reference),
            eq(sandboxPayments.status, 'success'),
            amount === undefined
              ? undefined
              : sql`${amount} > 0 and ${sandboxPayments.refundedAmount} + ${amount} <= ${sandboxPayments.amount}`,
          ),
        )
        .returning();
      if (!row) throw new PaymentProviderError('sandbox: refund refused (not paid, or more than is left)');
    },

    async refundedAmount(reference) {
      const row = await findSandboxPayment(database(), reference);
      return row?.refundedAmount ?? 0;
    },

    createTransferRecipient({ bankCode, accountNumber }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new PaymentProviderError('sandbox: invalid recipient account'));
      }
      return Promise.resolve({ recipientCode: sandboxRecipientCode({ bankCode, accountNumber }) });
    },

    // Paystack refuses a reference it has seen; the sandbox does too.
    async initiateTransfer({ reference, amount, recipientCode }) {
      if (!Number.isInteger(amount) || amount < 100)
        throw new PaymentProviderError('sandbox: invalid amount');
      if (!recipientCode.startsWith('RCP_sandbox_'))
        throw new PaymentProviderError('sandbox: unknown recipient');
      const transferCode = `TRF_sandbox_${randomBytes(6).toString('hex')}`;
      const inserted = await database()
        .insert(sandboxTransfers)
        .values({ reference, transferCode, recipientCode, amount })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new PaymentProviderError('sandbox: duplicate transfer reference');
      return { reference, status: 'pending', transferCode, amount };
    },

    verifyTransfer: (reference) => advanceSandboxTransfer(database(), reference),

    listBanks: () => Promise.resolve([...nigerianBanks]),
    resolveAccount({ accountNumber, bankCode }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new AccountNotFoundError());
      }
      return Promise.resolve({
        accountName: sandboxAccountName(bankCode, accountNumber),
        accountNumber,
        bankCode,
      });
    },
    createSubaccount({ bankCode, accountNumber }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new PaymentProviderError('sandbox: invalid settlement account'));
      }
      const code = digest(`subaccount:${bankCode}:${accountNumber}`).toString('hex').slice(0, 14);
      return Promise.resolve({ subaccountCode: `ACCT_sandbox_${code}` });
    },
    updateSubaccount(_subaccountCode, { bankCode, accountNumber }) {
      if (!bankExists(bankCode) || !isValidNuban(bankCode, accountNumber)) {
        return Promise.reject(new PaymentProviderError('sandbox: invalid settlement account'));
      }
      return Promise.resolve();
    },
  };
}

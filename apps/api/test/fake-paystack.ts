import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, serveFake } from './fake-server';

// A local stand-in for the Paystack API that answers with Paystack's documented shapes, so tests can
// drive the real adapter over HTTP (127.0.0.1, a random port). Used by tests only.

// 'slow': answers as 'normal' does, 300 ms later.
export type FakeBehaviour = 'normal' | 'server-error' | 'hang' | 'slow';

export type FakePaystackRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
};

export type FakePaystack = {
  baseUrl: string;
  requests: FakePaystackRequest[];
  // Accounts that resolve, by `${bankCode}:${accountNumber}`, with their names.
  accounts: Map<string, string>;
  subaccounts: Map<string, Record<string, unknown>>;
  // Transactions initialized through the fake, by reference.
  transactions: Map<string, FakeTransaction>;
  behaviour: {
    banks: FakeBehaviour;
    resolve: FakeBehaviour;
    subaccount: FakeBehaviour;
    initialize: FakeBehaviour;
    verify: FakeBehaviour;
    refund: FakeBehaviour;
    transfer: FakeBehaviour;
  };
  // Transfers by reference, and the recipients created (code → body).
  transfers: Map<
    string,
    { reference: string; amount: number; recipient: string; status: string; transfer_code: string }
  >;
  recipients: Map<string, Record<string, unknown>>;
  refunds: Array<{ reference: string; amount: number }>;
  // The customer pays on Paystack's page (optionally another amount or currency than asked); returns
  // the charge.success event Paystack then sends, as the exact body it signs.
  pay: (reference: string, paid?: { amount?: number; currency?: string }) => string;
  close: () => Promise<void>;
};

export type FakeTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  request: Record<string, unknown>;
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  amount: number;
  currency: string;
  paidAt: string | null;
  createdAt: string;
};

export type FakeBank = { id: number; name: string; code: string; active?: boolean; is_deleted?: boolean };

// A transaction as Paystack's verify and webhooks describe it.
function transactionData(transaction: FakeTransaction) {
  const metadata = transaction.request.metadata ?? null;
  return {
    id: transaction.id,
    domain: 'test',
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: transaction.amount,
    message: null,
    gateway_response:
      transaction.status === 'success'
        ? 'Successful'
        : transaction.status === 'failed'
          ? 'Declined'
          : 'The transaction was not completed',
    paid_at: transaction.paidAt,
    created_at: transaction.createdAt,
    channel: 'card',
    currency: transaction.currency,
    ip_address: '197.210.54.33',
    metadata,
    fees: Math.min(200_000, Math.round(transaction.amount * 0.015) + 10_000),
    fees_split: null,
    authorization: {
      authorization_code: 'AUTH_fake',
      bin: '408408',
      last4: '4081',
      exp_month: '12',
      exp_year: '2030',
      channel: 'card',
      card_type: 'visa ',
      bank: 'TEST BANK',
      country_code: 'NG',
      brand: 'visa',
      reusable: true,
    },
    customer: {
      id: 181873746,
      first_name: null,
      last_name: null,
      email: transaction.request.email,
      customer_code: 'CUS_fake',
      phone: null,
      metadata: null,
      risk_action: 'default',
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: transaction.paidAt,
    createdAt: transaction.createdAt,
    requested_amount: transaction.request.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    subaccount: { subaccount_code: transaction.request.subaccount },
  };
}

const UNRESOLVED_MESSAGE = 'Could not resolve account name. Check parameters or try again.';

// The part of the API a path belongs to: each has its own behaviour.
function areaOf(pathname: string): keyof FakePaystack['behaviour'] {
  return pathname === '/bank'
    ? 'banks'
    : pathname === '/bank/resolve'
      ? 'resolve'
      : pathname === '/transaction/initialize'
        ? 'initialize'
        : pathname.startsWith('/transaction/verify/')
          ? 'verify'
          : pathname === '/refund'
            ? 'refund'
            : pathname.startsWith('/transfer')
              ? 'transfer'
              : 'subaccount';
}

export async function startFakePaystack(options: {
  secretKey: string;
  banks: FakeBank[];
}): Promise<FakePaystack> {
  const fake: FakePaystack = {
    baseUrl: '',
    requests: [],
    accounts: new Map(),
    subaccounts: new Map(),
    transactions: new Map(),
    transfers: new Map(),
    recipients: new Map(),
    refunds: [],
    behaviour: {
      banks: 'normal',
      resolve: 'normal',
      subaccount: 'normal',
      initialize: 'normal',
      verify: 'normal',
      refund: 'normal',
      transfer: 'normal',
    },
    pay(reference, paid = {}) {
      const transaction = fake.transactions.get(reference);
      if (!transaction) throw new Error(`fake paystack: no transaction ${reference}`);
      transaction.status = 'success';
      transaction.amount = paid.amount ?? transaction.amount;
      transaction.currency = paid.currency ?? transaction.currency;
      transaction.paidAt = new Date().toISOString();
      return JSON.stringify({ event: 'charge.success', data: transactionData(transaction) });
    },
    close: () => server.close(),
  };

  const handle = (request: IncomingMessage, response: ServerResponse, rawBody: string) => {
    const url = new URL(request.url ?? '/', 'http://fake.paystack');
    const body: unknown = rawBody ? JSON.parse(rawBody) : null;
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query,
      body,
      authorization: request.headers.authorization,
    });

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return sendJson(response, 401, { status: false, message: 'Invalid key' });
    }
    const area = areaOf(url.pathname);
    const behaviour = fake.behaviour[area];
    if (behaviour === 'hang') return; // never answers: the adapter's timeout has to end it
    if (behaviour === 'server-error')
      return sendJson(response, 500, { status: false, message: 'An error occurred' });

    if (request.method === 'GET' && url.pathname === '/bank') {
      const perPage = Number(query.perPage ?? 50);
      const start = query.next
        ? Number(Buffer.from(query.next, 'base64').toString().replace('bank:', ''))
        : 0;
      const page = options.banks.slice(start, start + perPage);
      const next =
        start + perPage < options.banks.length
          ? Buffer.from(`bank:${start + perPage}`).toString('base64')
          : null;
      const data = page.map((bank) => ({
        slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
        longcode: '',
        gateway: null,
        pay_with_bank: false,
        active: true,
        is_deleted: false,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        createdAt: '2016-07-14T10:04:29.000Z',
        updatedAt: '2020-02-18T08:06:44.000Z',
        ...bank,
      }));
      return sendJson(response, 200, {
        status: true,
        message: 'Banks retrieved',
        data,
        meta: { next, previous: null, perPage },
      });
    }

    if (request.method === 'GET' && url.pathname === '/bank/resolve') {
      const name = fake.accounts.get(`${query.bank_code}:${query.account_number}`);
      if (!name) return sendJson(response, 422, { status: false, message: UNRESOLVED_MESSAGE });
      return sendJson(response, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: query.account_number, account_name: name, bank_id: 9 },
      });
    }

    if (request.method === 'POST' && url.pathname === '/subaccount') {
      const input = body as Record<string, unknown>;
      const code = `ACCT_fake${fake.subaccounts.size + 1}`;
      const subaccount = {
        ...input,
        subaccount_code: code,
        id: fake.subaccounts.size + 1,
        active: true,
        is_verified: false,
      };
      fake.subaccounts.set(code, subaccount);
      return sendJson(response, 201, { status: true, message: 'Subaccount created', data: subaccount });
    }

    if (request.method === 'POST' && url.pathname === '/transaction/initialize') {
      const input = body as Record<string, unknown>;
      if (typeof input.email !== 'string' || typeof input.amount !== 'number') {
        return sendJson(response, 400, { status: false, message: 'Invalid Email Address Passed' });
      }
      const reference = typeof input.reference === 'string' ? input.reference : `T${Date.now()}`;
      if (fake.transactions.has(reference))
        return sendJson(response, 400, { status: false, message: 'Duplicate Transaction Reference' });
      const accessCode = `ac_${fake.transactions.size + 1}`;
      fake.transactions.set(reference, {
        id: 4_099_260_000 + fake.transactions.size,
        reference,
        accessCode,
        request: input,
        status: 'abandoned',
        amount: input.amount,
        currency: typeof input.currency === 'string' ? input.currency : 'NGN',
        paidAt: null,
        createdAt: new Date().toISOString(),
      });
      return sendJson(response, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && verify?.[1]) {
      const transaction = fake.transactions.get(decodeURIComponent(verify[1]));
      if (!transaction)
        return sendJson(response, 400, { status: false, message: 'Transaction reference not found' });
      return sendJson(response, 200, {
        status: true,
        message: 'Verification successful',
        data: transactionData(transaction),
      });
    }

    if (request.method === 'GET' && url.pathname === '/refund') {
      const data = fake.refunds
        .filter((refund) => refund.reference === query.reference)
        .map((refund, index) => ({
          id: index + 1,
          amount: refund.amount,
          currency: 'NGN',
          status: 'processed',
          transaction: { reference: refund.reference },
        }));
      return sendJson(response, 200, {
        status: true,
        message: 'Refunds retrieved',
        data,
        meta: { total: data.length },
      });
    }

    if (request.method === 'POST' && url.pathname === '/transferrecipient') {
      const input = body as Record<string, unknown>;
      if (
        input.type !== 'nuban' ||
        typeof input.account_number !== 'string' ||
        typeof input.bank_code !== 'string'
      )
        return sendJson(response, 400, { status: false, message: 'Invalid recipient' });
      const code = `RCP_fake_${fake.recipients.size + 1}`;
      fake.recipients.set(code, input);
      return sendJson(response, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: {
          recipient_code: code,
          type: 'nuban',
          currency: 'NGN',
          details: { account_number: input.account_number, bank_code: input.bank_code },
        },
      });
    }

    if (request.method === 'POST' && url.pathname === '/transfer') {
      const input = body as Record<string, unknown>;
      const reference = typeof input.reference === 'string' ? input.reference : '';
      if (
        input.source !== 'balance' ||
        typeof input.amount !== 'number' ||
        typeof input.recipient !== 'string' ||
        !fake.recipients.has(input.recipient)
      )
        return sendJson(response, 400, { status: false, message: 'Invalid transfer' });
      if (fake.transfers.has(reference))
        return sendJson(response, 400, { status: false, message: 'Duplicate Transfer Reference' });
      const transfer = {
        reference,
        amount: input.amount,
        recipient: input.recipient,
        status: 'pending',
        transfer_code: `TRF_fake_${fake.transfers.size + 1}`,
      };
      fake.transfers.set(reference, transfer);
      return sendJson(response, 200, {
        status: true,
        message: 'Transfer has been queued',
        data: { ...transfer, currency: 'NGN', integration: 463433, domain: 'test' },
      });
    }

    const transferVerify = /^\/transfer\/verify\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && transferVerify?.[1]) {
      const transfer = fake.transfers.get(decodeURIComponent(transferVerify[1]));
      if (!transfer) return sendJson(response, 400, { status: false, message: 'Transfer not found' });
      return sendJson(response, 200, {
        status: true,
        message: 'Transfer retrieved',
        data: { ...transfer, currency: 'NGN' },
      });
    }

    if (request.method === 'POST' && url.pathname === '/refund') {
      const { transaction: reference, amount } = body as { transaction?: unknown; amount?: unknown };
      const transaction = typeof reference === 'string' ? fake.transactions.get(reference) : undefined;
      if (!transaction) return sendJson(response, 404, { status: false, message: 'Transaction not found' });
      const refunded = fake.refunds
        .filter((refund) => refund.reference === transaction.reference)
        .reduce((sum, refund) => sum + refund.amount, 0);
      const asked = typeof amount === 'number' ? amount : transaction.amount - refunded;
      if (transaction.status === 'success' && refunded + asked > transaction.amount)
        return sendJson(response, 400, {
          status: false,
          message: 'Refund amount cannot be greater than transaction amount',
        });
      if (transaction.status === 'reversed')
        return sendJson(response, 400, { status: false, message: 'Transaction has been fully reversed' });
      if (transaction.status !== 'success')
        return sendJson(response, 400, {
          status: false,
          message: 'Cannot refund an unsuccessful transaction',
        });
      fake.refunds.push({ reference: transaction.reference, amount: asked });
      if (refunded + asked >= transaction.amount) transaction.status = 'reversed';
      return sendJson(response, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          transaction: {
            id: transaction.id,
            domain: 'test',
            reference: transaction.reference,
            amount: transaction.amount,
            paid_at: transaction.paidAt,
            channel: 'card',
            currency: transaction.currency,
          },
          integration: 463433,
          deducted_amount: 0,
          channel: null,
          merchant_note: null,
          customer_note: null,
          status: 'pending',
          refunded_by: 'fake@paystack.test',
          expected_at: new Date(Date.now() + 86_400_000).toISOString(),
          currency: transaction.currency,
          domain: 'test',
          amount: transaction.amount,
          fully_deducted: false,
          id: 3_018_284,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
      });
    }

    const update = /^\/subaccount\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'PUT' && update?.[1]) {
      const existing = fake.subaccounts.get(update[1]);
      if (!existing) return sendJson(response, 404, { status: false, message: 'Subaccount not found' });
      Object.assign(existing, body);
      return sendJson(response, 200, { status: true, message: 'Subaccount updated', data: existing });
    }

    return sendJson(response, 404, { status: false, message: 'Not found' });
  };

  const server = await serveFake((request, response, body) => {
    const answer = () => handle(request, response, body.toString('utf8'));
    const area = areaOf(new URL(request.url ?? '/', 'http://fake.paystack').pathname);
    if (fake.behaviour[area] === 'slow') setTimeout(answer, 300);
    else answer();
  });
  fake.baseUrl = server.baseUrl;
  return fake;
}

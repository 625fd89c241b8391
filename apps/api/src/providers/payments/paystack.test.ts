import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountNotFoundError, PaymentProviderError } from './errors';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack';
import { createPaystackPayments } from './paystack';

const secretKey = 'sk_test_fake_0123456789';
let fake: FakePaystack;

beforeAll(async () => {
  fake = await startFakePaystack({
    secretKey,
    banks: [
      { id: 1, name: 'Access Bank', code: '044' },
      { id: 9, name: 'Guaranty Trust Bank', code: '058' },
      { id: 21, name: 'Zenith Bank', code: '057' },
      { id: 33, name: 'Closed Bank', code: '999', active: false },
      { id: 171, name: 'Kuda Bank', code: '50211' },
    ],
  });
  fake.accounts.set('058:0123456785', 'CHIAMAKA JOY EZE');
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.behaviour.banks = 'normal';
  fake.behaviour.resolve = 'normal';
  fake.behaviour.subaccount = 'normal';
  fake.behaviour.initialize = 'normal';
  fake.behaviour.verify = 'normal';
  fake.behaviour.refund = 'normal';
  fake.behaviour.transfer = 'normal';
  fake.requests.length = 0;
});

const paystack = (timeoutMs = 2000) =>
  createPaystackPayments({ secretKey, baseUrl: fake.baseUrl, timeoutMs });

describe('the Paystack adapter', () => {
  it('lists Nigerian banks across pages, sending the secret key, and leaves out inactive ones', async () => {
    const banks = await paystack().listBanks();
    expect(banks).toEqual([
      { id: 1, name: 'Access Bank', code: '044' },
      { id: 9, name: 'Guaranty Trust Bank', code: '058' },
      { id: 21, name: 'Zenith Bank', code: '057' },
      { id: 171, name: 'Kuda Bank', code: '50211' },
    ]);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/bank',
      query: { country: 'nigeria', perPage: '100', use_cursor: 'true' },
      authorization: `Bearer ${secretKey}`,
    });
  });

  it('follows the cursor when the list has more pages', async () => {
    const small = await startFakePaystack({
      secretKey,
      banks: Array.from({ length: 230 }, (_, index) => ({
        id: index + 1,
        name: `Bank ${index + 1}`,
        code: String(100 + index),
      })),
    });
    try {
      const banks = await createPaystackPayments({ secretKey, baseUrl: small.baseUrl }).listBanks();
      expect(banks).toHaveLength(230);
      expect(small.requests.map((request) => Boolean(request.query.next))).toEqual([false, true, true]);
    } finally {
      await small.close();
    }
  });

  it('keeps the bank list for a while instead of asking on every call', async () => {
    const adapter = paystack();
    await adapter.listBanks();
    await adapter.listBanks();
    expect(fake.requests.filter((request) => request.path === '/bank')).toHaveLength(1);
  });

  it('resolves an account to the name the bank holds', async () => {
    const resolved = await paystack().resolveAccount({ accountNumber: '0123456785', bankCode: '058' });
    expect(resolved).toEqual({
      accountName: 'CHIAMAKA JOY EZE',
      accountNumber: '0123456785',
      bankCode: '058',
    });
    expect(fake.requests[0]).toMatchObject({
      path: '/bank/resolve',
      query: { account_number: '0123456785', bank_code: '058' },
    });
  });

  it("reports Paystack's 422 'Could not resolve account name' as no such account", async () => {
    await expect(
      paystack().resolveAccount({ accountNumber: '0123456786', bankCode: '058' }),
    ).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it('reports a 500 from Paystack as a provider failure', async () => {
    fake.behaviour.resolve = 'server-error';
    await expect(
      paystack().resolveAccount({ accountNumber: '0123456785', bankCode: '058' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('gives up after its timeout when Paystack does not answer', async () => {
    fake.behaviour.resolve = 'hang';
    const started = Date.now();
    const failure = await paystack(300)
      .resolveAccount({ accountNumber: '0123456785', bankCode: '058' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe('paystack GET /bank/resolve: timed out');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as a provider failure', async () => {
    const nowhere = createPaystackPayments({ secretKey, baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    await expect(
      nowhere.resolveAccount({ accountNumber: '0123456785', bankCode: '058' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reports a wrong secret key as a provider failure, not as a missing account', async () => {
    const wrongKey = createPaystackPayments({ secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl });
    await expect(
      wrongKey.resolveAccount({ accountNumber: '0123456785', bankCode: '058' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('creates a subaccount with the settlement bank, account and percentage charge', async () => {
    const created = await paystack().createSubaccount({
      businessName: 'Chiamaka Eze',
      bankCode: '058',
      accountNumber: '0123456785',
      percentageCharge: 10,
    });
    expect(created.subaccountCode).toMatch(/^ACCT_fake\d+$/);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/subaccount',
      body: {
        business_name: 'Chiamaka Eze',
        settlement_bank: '058',
        account_number: '0123456785',
        percentage_charge: 10,
      },
    });
  });

  it('points an existing subaccount at another account', async () => {
    const adapter = paystack();
    const { subaccountCode } = await adapter.createSubaccount({
      businessName: 'Tunde Bakare',
      bankCode: '058',
      accountNumber: '0123456785',
      percentageCharge: 10,
    });
    await adapter.updateSubaccount(subaccountCode, {
      businessName: 'Tunde Bakare',
      bankCode: '044',
      accountNumber: '0123456784',
      percentageCharge: 10,
    });
    expect(fake.subaccounts.get(subaccountCode)).toMatchObject({
      settlement_bank: '044',
      account_number: '0123456784',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/subaccount/${subaccountCode}` });
  });

  it('reports a failed subaccount creation as a provider failure', async () => {
    fake.behaviour.subaccount = 'server-error';
    await expect(
      paystack().createSubaccount({
        businessName: 'X',
        bankCode: '058',
        accountNumber: '0123456785',
        percentageCharge: 10,
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

const paymentRequest = (reference: string) => ({
  email: 'buyer@example.ng',
  amount: 1_234_500,
  currency: 'NGN' as const,
  reference,
  split: { subaccount: 'ACCT_seller', transactionCharge: 123_450 },
  callbackUrl: 'https://oja.example/confirmationPage',
  metadata: { product_id: 'p1', order_id: 'o1', buyer_id: 'b1' },
});

describe('the Paystack adapter: payments', () => {
  it("initializes with the split, bearer 'subaccount' and the callback, and returns the hosted page", async () => {
    const started = await paystack().initializePayment(paymentRequest('oja_init_1'));
    expect(started).toEqual({
      authorizationUrl: 'https://checkout.paystack.com/ac_1',
      accessCode: 'ac_1',
      reference: 'oja_init_1',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: `Bearer ${secretKey}`,
      body: {
        email: 'buyer@example.ng',
        amount: 1_234_500,
        currency: 'NGN',
        reference: 'oja_init_1',
        subaccount: 'ACCT_seller',
        transaction_charge: 123_450,
        bearer: 'subaccount',
        callback_url: 'https://oja.example/confirmationPage',
        metadata: { product_id: 'p1', order_id: 'o1', buyer_id: 'b1' },
      },
    });
  });

  it('initializes a protected payment (decision 058) with no split: the whole of it to the balance', async () => {
    const { split: _split, ...request } = paymentRequest('oja_init_protected');
    await paystack().initializePayment(request);
    const sent = fake.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: 1_234_500, reference: 'oja_init_protected' });
    expect(sent).not.toHaveProperty('subaccount');
    expect(sent).not.toHaveProperty('transaction_charge');
    expect(sent).not.toHaveProperty('bearer');
  });

  it("reports Paystack's refusals and outages on initialize as provider failures", async () => {
    await paystack().initializePayment(paymentRequest('oja_init_dup'));
    await expect(paystack().initializePayment(paymentRequest('oja_init_dup'))).rejects.toThrow(
      /Duplicate Transaction Reference/,
    );
    fake.behaviour.initialize = 'server-error';
    await expect(paystack().initializePayment(paymentRequest('oja_init_2'))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    fake.behaviour.initialize = 'hang';
    await expect(paystack(300).initializePayment(paymentRequest('oja_init_3'))).rejects.toThrow(/timed out/);
    const wrongKey = createPaystackPayments({ secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl });
    await expect(wrongKey.initializePayment(paymentRequest('oja_init_4'))).rejects.toThrow(/401/);
  });

  it('verifies: not paid yet, paid (amount, currency, time, channel, id), and unknown references', async () => {
    await paystack().initializePayment(paymentRequest('oja_verify_1'));
    expect(await paystack().verifyPayment('oja_verify_1')).toMatchObject({
      reference: 'oja_verify_1',
      status: 'abandoned',
      amount: 1_234_500,
      paidAt: null,
    });
    fake.pay('oja_verify_1');
    const paid = await paystack().verifyPayment('oja_verify_1');
    expect(paid).toMatchObject({ status: 'success', amount: 1_234_500, currency: 'NGN', channel: 'card' });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    expect(paid?.providerId).toMatch(/^\d+$/);
    expect(await paystack().verifyPayment('oja_never_seen')).toBeNull();
    fake.behaviour.verify = 'server-error';
    await expect(paystack().verifyPayment('oja_verify_1')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refunds a successful payment in full, and reports a refund Paystack refuses', async () => {
    await paystack().initializePayment(paymentRequest('oja_refund_1'));
    await expect(paystack().refundPayment('oja_refund_1')).rejects.toThrow(/Cannot refund/);
    fake.pay('oja_refund_1');
    await paystack().refundPayment('oja_refund_1');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      body: { transaction: 'oja_refund_1' },
    });
    expect((await paystack().verifyPayment('oja_refund_1'))?.status).toBe('reversed');
    await expect(paystack().refundPayment('oja_refund_1')).rejects.toThrow(/fully reversed/);
  });

  it('refunds part of a payment, then the rest, and tells what was refunded so far', async () => {
    await paystack().initializePayment(paymentRequest('oja_partial_1'));
    fake.pay('oja_partial_1');
    expect(await paystack().refundedAmount('oja_partial_1')).toBe(0);
    await paystack().refundPayment('oja_partial_1', 200_000);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/refund',
      body: { transaction: 'oja_partial_1', amount: 200_000 },
    });
    expect(await paystack().refundedAmount('oja_partial_1')).toBe(200_000);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/refund',
      query: { reference: 'oja_partial_1' },
    });
    expect((await paystack().verifyPayment('oja_partial_1'))?.status).toBe('success');
    await expect(paystack().refundPayment('oja_partial_1', 1_100_000)).rejects.toThrow(/greater than/);
    await paystack().refundPayment('oja_partial_1');
    expect(await paystack().refundedAmount('oja_partial_1')).toBe(1_234_500);
    fake.behaviour.refund = 'server-error';
    await expect(paystack().refundedAmount('oja_partial_1')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('the Paystack adapter: transfers (buyer protection payouts)', () => {
  it('creates a nuban transfer recipient from the verified account', async () => {
    const { recipientCode } = await paystack().createTransferRecipient({
      name: 'CHIAMAKA JOY EZE',
      accountNumber: '0123456785',
      bankCode: '058',
    });
    expect(recipientCode).toMatch(/^RCP_fake_/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/transferrecipient',
      authorization: `Bearer ${secretKey}`,
      body: {
        type: 'nuban',
        name: 'CHIAMAKA JOY EZE',
        account_number: '0123456785',
        bank_code: '058',
        currency: 'NGN',
      },
    });
  });

  it('sends a transfer from the balance with our reference, verifies it, and never sends one reference twice', async () => {
    const { recipientCode } = await paystack().createTransferRecipient({
      name: 'ADA OBI',
      accountNumber: '0000000018',
      bankCode: '058',
    });
    expect(await paystack().verifyTransfer('payout_abc_1')).toBeNull();
    const sent = await paystack().initiateTransfer({
      reference: 'payout_abc_1',
      amount: 450_000,
      recipientCode,
      reason: 'Oja payout: Blue kaftan',
    });
    expect(sent).toMatchObject({ reference: 'payout_abc_1', status: 'pending', amount: 450_000 });
    expect(sent.transferCode).toMatch(/^TRF_fake_/);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/transfer',
      body: {
        source: 'balance',
        amount: 450_000,
        recipient: recipientCode,
        reference: 'payout_abc_1',
        currency: 'NGN',
      },
    });
    await expect(
      paystack().initiateTransfer({
        reference: 'payout_abc_1',
        amount: 450_000,
        recipientCode,
        reason: 'again',
      }),
    ).rejects.toThrow(/Duplicate Transfer Reference/);
    const transfer = fake.transfers.get('payout_abc_1');
    if (transfer) transfer.status = 'success';
    expect(await paystack().verifyTransfer('payout_abc_1')).toMatchObject({
      status: 'success',
      transferCode: sent.transferCode,
    });
    if (transfer) transfer.status = 'otp';
    expect((await paystack().verifyTransfer('payout_abc_1'))?.status).toBe('pending');
    if (transfer) transfer.status = 'abandoned';
    expect((await paystack().verifyTransfer('payout_abc_1'))?.status).toBe('failed');
    fake.behaviour.transfer = 'server-error';
    await expect(paystack().verifyTransfer('payout_abc_1')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      paystack().initiateTransfer({ reference: 'payout_abc_2', amount: 1, recipientCode, reason: 'x' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

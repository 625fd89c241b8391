import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAccount, SubaccountResult } from '@marketplace/shared/schemas/banking';
import { users } from '../../db/schema';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack';
import { createPaystackPayments } from '../../providers/payments/paystack';
import { approvedListing } from '../../../test/checkout';
import {
  bearer,
  buildTestApp,
  multipart,
  registerUser,
  type RegisteredUser,
  type TestApp,
} from '../../../test/helper';

type Success<T> = { ok: true; message: string; data: T };
type Failure = { ok: false; message: string; error: { code: string } };

const secretKey = 'sk_test_payment_routes';
let fake: FakePaystack;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakePaystack({ secretKey, banks: [{ id: 9, name: 'Guaranty Trust Bank', code: '058' }] });
  fake.accounts.set('058:0123456785', 'TUNDE SEGUN BAKARE');
  fake.accounts.set('058:0000014579', 'HAUWA AISHA MUSA');
  testApp = await buildTestApp({
    providers: { payments: createPaystackPayments({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 1000 }) },
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
afterEach(() => {
  fake.behaviour.subaccount = 'normal';
});

const profile = {
  fullName: 'Tunde Bakare',
  phoneNumber: '08051234567',
  street: '4 Bode Thomas Street',
  city: 'Surulere',
  state: 'Lagos',
  country: 'Nigeria',
  bio: 'Gadgets, gently used.',
};

async function becomeVerified(seller: RegisteredUser, accountNumber: string) {
  const query = new URLSearchParams({
    account_number: accountNumber,
    bank_name: 'Guaranty Trust Bank',
    bank_code: '058',
  });
  const resolved = await testApp.app.inject({
    url: `/api/userProfile/resolve-account?${query.toString()}`,
    headers: bearer(seller.token),
  });
  const accountName = resolved.json<Success<ResolvedAccount>>().data.account_name;
  const fields = { ...profile, accountName, accountNumber, bankName: 'Guaranty Trust Bank', bankCode: '058' };
  const form = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
  const saved = await testApp.app.inject({
    method: 'PUT',
    url: '/api/userProfile/profile',
    headers: { ...bearer(seller.token), ...form.headers },
    payload: form.payload,
  });
  expect(saved.statusCode).toBe(200);
}

// A verified seller whose subaccount Paystack failed to create at profile save: it is made on demand.
async function verifiedWithoutSubaccount(accountNumber: string) {
  const seller = await registerUser(testApp.app);
  fake.behaviour.subaccount = 'server-error';
  await becomeVerified(seller, accountNumber);
  fake.behaviour.subaccount = 'normal';
  return seller;
}

// Until the fake Paystack has received a subaccount request after the first `asked` requests.
async function subaccountAsked(asked: number) {
  while (!fake.requests.slice(asked).some((request) => request.path === '/subaccount'))
    await new Promise((resolve) => setTimeout(resolve, 10));
}

// What ensurePayoutSubaccount writes while it asks Paystack, as another process would have left it.
const claimSubaccountCall = (seller: RegisteredUser, expiresAt: Date) =>
  testApp.app.db
    .update(users)
    .set({ subaccountClaimExpiresAt: expiresAt })
    .where(eq(users.id, seller.user.id));

// The seller's account row as the database holds it.
const rowOf = async (seller: RegisteredUser) =>
  (await testApp.app.db.select().from(users).where(eq(users.id, seller.user.id)))[0];

const requestSubaccount = (token: string | null, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/payment/subaccount',
    headers: token ? bearer(token) : {},
    payload,
  });

const forgedBody = {
  businessName: 'Tunde Gadgets',
  bankName: 'Zenith Bank',
  accountNumber: '2212345674',
  percentageCharge: 1,
};

describe('POST /api/payment/subaccount', () => {
  it('answers 401 without a login', async () => {
    const response = await requestSubaccount(null, forgedBody);
    expect(response.statusCode).toBe(401);
  });

  it('answers 422 when the seller has no verified bank account', async () => {
    const buyer = await registerUser(testApp.app);
    const createdBefore = fake.subaccounts.size;
    const response = await requestSubaccount(buyer.token, forgedBody);
    expect(response.statusCode).toBe(422);
    expect(response.json<Failure>()).toMatchObject({
      message: 'Your bank details are not verified. Please verify your bank details in your profile page.',
      error: { code: 'BANK_NOT_VERIFIED' },
    });
    expect(fake.subaccounts.size).toBe(createdBefore);
  });

  it('is created once, when the seller is verified, with the platform share and the verified account', async () => {
    const seller = await registerUser(testApp.app);
    const createdBefore = fake.subaccounts.size;
    await becomeVerified(seller, '0123456785');
    expect(fake.subaccounts.size).toBe(createdBefore + 1);
    const code = (await rowOf(seller))?.subaccountCode ?? '';
    expect(fake.subaccounts.get(code)).toMatchObject({
      business_name: 'Tunde Bakare',
      settlement_bank: '058',
      account_number: '0123456785',
      percentage_charge: 10,
    });

    // The client's percentage, bank and number change nothing, and no second subaccount is created.
    const response = await requestSubaccount(seller.token, forgedBody);
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<SubaccountResult>>();
    expect(body.message).toBe('Your payout account is already set up.');
    expect(body.data).toEqual({
      subaccount_code: code,
      data: {
        subaccount_code: code,
        percentage_charge: 10,
        settlement_bank: 'Guaranty Trust Bank',
        account_number: '0123456785',
      },
    });
    expect(fake.subaccounts.size).toBe(createdBefore + 1);
    expect(fake.subaccounts.get(code)).toMatchObject({ percentage_charge: 10, account_number: '0123456785' });
  });

  it('creates it on demand, once, when it could not be created at profile save, even for two requests at once', async () => {
    const seller = await verifiedWithoutSubaccount('0000014579');
    const createdBefore = fake.subaccounts.size;

    const [first, second] = await Promise.all([
      requestSubaccount(seller.token, forgedBody),
      requestSubaccount(seller.token, forgedBody),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201]);
    expect(fake.subaccounts.size).toBe(createdBefore + 1);
    const codes = [first, second].map(
      (response) => response?.json<Success<SubaccountResult>>().data.data.subaccount_code,
    );
    expect(codes[0]).toBe(codes[1]);
    const created = fake.subaccounts.get(codes[0] ?? '');
    expect(created).toMatchObject({
      business_name: 'Tunde Gadgets',
      account_number: '0000014579',
      percentage_charge: 10,
    });
  });

  it('answers 502 with the payout message when Paystack fails, and tries again next time', async () => {
    const seller = await registerUser(testApp.app);
    fake.behaviour.subaccount = 'server-error';
    await becomeVerified(seller, '0123456785');
    const failed = await requestSubaccount(seller.token, {});
    expect(failed.statusCode).toBe(502);
    expect(failed.json<Failure>()).toEqual({
      ok: false,
      message: 'Could not set up your payout account. Try again later.',
      error: { code: 'PAYOUT_ACCOUNT_ERROR' },
      requestId: expect.any(String),
    });
    fake.behaviour.subaccount = 'normal';
    const retried = await requestSubaccount(seller.token, {});
    expect(retried.statusCode).toBe(201);
    expect(retried.json<Success<SubaccountResult>>().message).toBe('Your payout account has been set up.');
  });

  it('answers everyone else while Paystack is slow to create it: no database is held across the call', async () => {
    const seller = await verifiedWithoutSubaccount('0123456785');
    const other = await registerUser(testApp.app);
    fake.behaviour.subaccount = 'hang'; // the adapter gives up after its timeout (1 s here)
    const asked = fake.requests.length;
    const finished: string[] = [];
    const slow = requestSubaccount(seller.token, {}).then((response) => {
      finished.push('subaccount');
      return response;
    });
    await subaccountAsked(asked);
    // Paystack has the request and has not answered: another user reads the home list.
    const list = await testApp.app.inject({ url: '/api/products', headers: bearer(other.token) });
    finished.push('others');
    expect(list.statusCode).toBe(200);
    const failed = await slow;
    expect(finished).toEqual(['others', 'subaccount']);
    expect(failed.statusCode).toBe(502);
    expect(failed.json<Failure>().error.code).toBe('PAYOUT_ACCOUNT_ERROR');
    // The claim was given back: the next request asks Paystack again, and creates it.
    fake.behaviour.subaccount = 'normal';
    expect((await requestSubaccount(seller.token, {})).statusCode).toBe(201);
  });

  it('waits for another request that is creating it and answers with that subaccount, without a second', async () => {
    const seller = await verifiedWithoutSubaccount('0000014579');
    // Another process has claimed the call (as ensurePayoutSubaccount does) and is waiting on Paystack.
    await claimSubaccountCall(seller, new Date(Date.now() + 30_000));
    const createdBefore = fake.subaccounts.size;
    const waiting = requestSubaccount(seller.token, {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    await testApp.app.db
      .update(users)
      .set({
        subaccountCode: 'ACCT_other_process',
        subaccountBankCode: '058',
        subaccountAccountNumber: '0000014579',
        subaccountClaimExpiresAt: null,
      })
      .where(eq(users.id, seller.user.id));
    const response = await waiting;
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<SubaccountResult>>().data.subaccount_code).toBe('ACCT_other_process');
    expect(fake.subaccounts.size).toBe(createdBefore);
  });

  it('keeps no bank detail on an account deleted while Paystack was creating its subaccount', async () => {
    const seller = await verifiedWithoutSubaccount('0123456785');
    fake.behaviour.subaccount = 'slow';
    const pending = requestSubaccount(seller.token, {});
    // The call is claimed just before Paystack is asked, and Paystack answers 300 ms after it is asked.
    while (!(await rowOf(seller))?.subaccountClaimExpiresAt)
      await new Promise((resolve) => setTimeout(resolve, 10));
    // What deleting the account does to the row (data-rights/delete-account.ts), while Paystack answers.
    await testApp.app.db
      .update(users)
      .set({ isVerified: false, accountName: null, accountNumber: null, bankName: null, bankCode: null })
      .where(eq(users.id, seller.user.id));
    const response = await pending;
    expect(response.statusCode).toBe(422);
    expect(response.json<Failure>().error.code).toBe('BANK_NOT_VERIFIED');
    const row = await rowOf(seller);
    expect(row).toMatchObject({
      subaccountCode: null,
      subaccountBankCode: null,
      subaccountAccountNumber: null,
      subaccountClaimExpiresAt: null,
    });
  });

  it('creates it when a claim was left by a process that stopped before Paystack answered', async () => {
    const seller = await verifiedWithoutSubaccount('0123456785');
    await claimSubaccountCall(seller, new Date(Date.now() - 1000));
    const response = await requestSubaccount(seller.token, {});
    expect(response.statusCode).toBe(201);
    const row = await rowOf(seller);
    expect(row?.subaccountCode).toBe(response.json<Success<SubaccountResult>>().data.subaccount_code);
    expect(row?.subaccountClaimExpiresAt).toBeNull();
  });

  it("tells a buyer only whether the named product's seller can be paid: never their subaccount, bank or account digits", async () => {
    const seller = await registerUser(testApp.app);
    await becomeVerified(seller, '0123456785');
    const listing = await approvedListing(testApp.app, seller);
    const code = (await rowOf(seller))?.subaccountCode ?? '';
    expect(code).not.toBe('');
    const buyer = await registerUser(testApp.app);
    const createdBefore = fake.subaccounts.size;
    const response = await requestSubaccount(buyer.token, { ...forgedBody, product_id: listing.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      message: 'The seller can be paid.',
      data: { sellerCanBePaid: true },
    });
    expect(response.body).not.toContain(code);
    expect(response.body).not.toContain('6785');
    expect(response.body).not.toContain('Guaranty');
    expect(fake.subaccounts.size).toBe(createdBefore);

    // The seller asking about their own listing gets their own subaccount, in the spec's shape.
    const own = await requestSubaccount(seller.token, { product_id: listing.id });
    expect(own.statusCode).toBe(200);
    expect(own.json<Success<SubaccountResult>>().data).toEqual({
      subaccount_code: code,
      data: {
        subaccount_code: code,
        percentage_charge: 10,
        settlement_bank: 'Guaranty Trust Bank',
        account_number: '0123456785',
      },
    });

    const unverified = await registerUser(testApp.app);
    const unverifiedListing = await approvedListing(testApp.app, unverified);
    const refused = await requestSubaccount(buyer.token, { product_id: unverifiedListing.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<Failure>().message).toBe("The seller's bank account details have not been verified");
    const unknown = await requestSubaccount(buyer.token, {
      product_id: '7d1f1c52-5f0e-4d43-9a4c-1f6e2b0c9a11',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bank, ResolvedAccount } from '@marketplace/shared/schemas/banking';
import { bankResolutions } from '../../db/schema';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack';
import { createPaystackPayments } from '../../providers/payments/paystack';
import { bearer, buildTestApp, registerUser, type TestApp } from '../../../test/helper';

type Success<T> = { ok: true; message: string; data: T };
type Failure = { ok: false; message: string; error: { code: string } };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const resolveUrl = (query: Record<string, string>) =>
  `/api/userProfile/resolve-account?${new URLSearchParams(query).toString()}`;
const GTBANK = { account_number: '0123456785', bank_name: 'Guaranty Trust Bank', bank_code: '058' };

describe('GET /api/userProfile/banks', () => {
  it('lists Nigerian banks as { id, name, code } without a login', async () => {
    const response = await testApp.app.inject({ url: '/api/userProfile/banks' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<Bank[]>>();
    expect(body.message).toBe('Banks fetched successfully.');
    expect(body.data.length).toBeGreaterThan(40);
    // `expect.any(...)` is typed any; the casts give the matcher the field's own type, so lint's unsafe-any rule holds.
    expect(body.data).toContainEqual({
      id: expect.any(Number) as number,
      name: 'Guaranty Trust Bank',
      code: '058',
    });
    expect(body.data).toContainEqual({
      id: expect.any(Number) as number,
      name: 'Moniepoint MFB',
      code: '50515',
    });
    for (const bank of body.data) expect(Object.keys(bank).sort()).toEqual(['code', 'id', 'name']);
  });
});

describe('GET /api/userProfile/resolve-account', () => {
  it('answers 401 without a login', async () => {
    const response = await testApp.app.inject({ url: resolveUrl(GTBANK) });
    expect(response.statusCode).toBe(401);
  });

  it('resolves the account, gives the name in both places the clients read, and remembers it for this user', async () => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({ url: resolveUrl(GTBANK), headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<Success<ResolvedAccount>>();
    expect(body.message).toBe('Bank details verified successfully. Save changes to update profile');
    expect(body.data).toMatchObject({
      account_number: '0123456785',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
    });
    expect(body.data.account_name).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    expect(body.data.data.account_name).toBe(body.data.account_name);

    const stored = await testApp.app.db
      .select()
      .from(bankResolutions)
      .where(eq(bankResolutions.userId, user.user.id));
    expect(stored).toEqual([
      expect.objectContaining({
        bankCode: '058',
        accountNumber: '0123456785',
        bankName: 'Guaranty Trust Bank',
        accountName: body.data.account_name,
      }),
    ]);
  });

  it('finds the bank by its name when no code is sent', async () => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      url: resolveUrl({ account_number: '0123456785', bank_name: 'guaranty trust bank' }),
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<ResolvedAccount>>().data.bank_code).toBe('058');
  });

  it.each([
    ['the account number', { bank_name: 'Guaranty Trust Bank', bank_code: '058' }],
    ['the bank', { account_number: '0123456785' }],
    ['both', {}],
  ])(
    "answers 'Please fill in the account number and bank name to verify.' without %s",
    async (_missing, query) => {
      const user = await registerUser(testApp.app);
      const response = await testApp.app.inject({ url: resolveUrl(query), headers: bearer(user.token) });
      expect(response.statusCode).toBe(400);
      expect(response.json<Failure>()).toMatchObject({
        message: 'Please fill in the account number and bank name to verify.',
        error: { code: 'BANK_DETAILS_MISSING' },
      });
    },
  );

  it.each(['012345678', '01234567850', '01234-5678', 'abcdefghij'])(
    'refuses the account number %s',
    async (accountNumber) => {
      const user = await registerUser(testApp.app);
      const response = await testApp.app.inject({
        url: resolveUrl({ ...GTBANK, account_number: accountNumber }),
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Failure>().error.code).toBe('ACCOUNT_NUMBER_INVALID');
    },
  );

  it.each([
    ['a code not in the list', { bank_code: '999', bank_name: 'Guaranty Trust Bank' }],
    ['a name that is not the bank of the code', { bank_code: '058', bank_name: 'Zenith Bank' }],
    ['a name not in the list', { bank_name: 'Bank of Lagos' }],
  ])("answers 'Please select bank name from the list' for %s", async (_case, bank) => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      url: resolveUrl({ account_number: '0123456785', ...bank }),
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure>()).toMatchObject({
      message: 'Please select bank name from the list',
      error: { code: 'BANK_NOT_IN_LIST' },
    });
  });

  it("answers 422 'Failed to verify bank details.' when the bank has no such account, and records nothing", async () => {
    const user = await registerUser(testApp.app);
    const response = await testApp.app.inject({
      url: resolveUrl({ ...GTBANK, account_number: '0123456786' }),
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Failure>()).toMatchObject({
      message: 'Failed to verify bank details.',
      error: { code: 'BANK_VERIFICATION_FAILED' },
    });
    const stored = await testApp.app.db
      .select()
      .from(bankResolutions)
      .where(eq(bankResolutions.userId, user.user.id));
    expect(stored).toEqual([]);
  });

  it('is rate-limited', async () => {
    const limited = await buildTestApp({
      config: { rateLimits: { ...testApp.config.rateLimits, resolveAccount: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const user = await registerUser(limited.app);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        statuses.push(
          (await limited.app.inject({ url: resolveUrl(GTBANK), headers: bearer(user.token) })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('bank verification through Paystack', () => {
  const secretKey = 'sk_test_banking_routes';
  let fake: FakePaystack;
  let paystackApp: TestApp;

  beforeAll(async () => {
    fake = await startFakePaystack({
      secretKey,
      banks: [
        { id: 9, name: 'Guaranty Trust Bank', code: '058' },
        { id: 21, name: 'Zenith Bank', code: '057' },
      ],
    });
    fake.accounts.set('058:0123456785', 'ADAEZE NGOZI OKAFOR');
    paystackApp = await buildTestApp({
      providers: { payments: createPaystackPayments({ secretKey, baseUrl: fake.baseUrl, timeoutMs: 2000 }) },
    });
  });
  afterAll(async () => {
    await paystackApp.close();
    await fake.close();
  });

  const resolveThroughPaystack = async (query: Record<string, string>) => {
    const user = await registerUser(paystackApp.app);
    return paystackApp.app.inject({ url: resolveUrl(query), headers: bearer(user.token) });
  };

  it('lists the banks Paystack lists', async () => {
    const response = await paystackApp.app.inject({ url: '/api/userProfile/banks' });
    expect(response.json<Success<Bank[]>>().data).toEqual([
      { id: 9, name: 'Guaranty Trust Bank', code: '058' },
      { id: 21, name: 'Zenith Bank', code: '057' },
    ]);
  });

  it('resolves the name Paystack gives', async () => {
    const response = await resolveThroughPaystack(GTBANK);
    expect(response.statusCode).toBe(200);
    expect(response.json<Success<ResolvedAccount>>().data).toMatchObject({
      account_name: 'ADAEZE NGOZI OKAFOR',
      data: { account_name: 'ADAEZE NGOZI OKAFOR', account_number: '0123456785' },
    });
  });

  it("answers 422 'Failed to verify bank details.' when Paystack cannot resolve the account", async () => {
    const response = await resolveThroughPaystack({ ...GTBANK, account_number: '1111111111' });
    expect(response.statusCode).toBe(422);
    expect(response.json<Failure>().message).toBe('Failed to verify bank details.');
  });

  it.each(['server-error', 'hang'] as const)(
    "answers 502 'Error verifying bank details. Try again later.' when Paystack fails (%s)",
    async (behaviour) => {
      fake.behaviour.resolve = behaviour;
      try {
        const response = await resolveThroughPaystack(GTBANK);
        expect(response.statusCode).toBe(502);
        expect(response.json<Failure>()).toEqual({
          ok: false,
          message: 'Error verifying bank details. Try again later.',
          error: { code: 'BANK_VERIFICATION_ERROR' },
          requestId: expect.any(String),
        });
      } finally {
        fake.behaviour.resolve = 'normal';
      }
    },
  );

  it('keeps the usual failure envelope for other errors in the same routes', async () => {
    const response = await paystackApp.app.inject({ url: resolveUrl(GTBANK) });
    expect(response.statusCode).toBe(401);
    expect(response.json<Failure>()).toEqual({
      ok: false,
      message: 'Please login first',
      error: { code: 'LOGIN_REQUIRED' },
      requestId: expect.any(String),
    });
  });
});

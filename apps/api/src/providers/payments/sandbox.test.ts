import { describe, expect, it } from 'vitest';
import { AccountNotFoundError } from './errors';
import { nigerianBanks } from './nigerian-banks';
import { nubanAccountNumber } from './nuban';
import { createSandboxPayments } from './sandbox';

const sandbox = createSandboxPayments();

describe('the sandbox payments adapter', () => {
  it('lists real Nigerian banks with their Paystack codes, each code once, each with a NUBAN form', async () => {
    const banks = await sandbox.listBanks();
    const byName = Object.fromEntries(banks.map((bank) => [bank.name, bank.code]));
    expect(byName).toMatchObject({
      'Access Bank': '044',
      'Guaranty Trust Bank': '058',
      'Zenith Bank': '057',
      'First Bank of Nigeria': '011',
      'United Bank For Africa': '033',
      'Globus Bank': '00103',
      OPay: '999992',
      'Moniepoint MFB': '50515',
      PalmPay: '999991',
      'Kuda Bank': '50211',
      'MTN MoMo PSB': '120003',
    });
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
    expect(new Set(banks.map((bank) => bank.id)).size).toBe(banks.length);
    for (const bank of banks) expect(nubanAccountNumber(bank.code, '123456789'), bank.name).not.toBeNull();
  });

  it('resolves an account with a right check digit to a stable made-up name', async () => {
    const first = await sandbox.resolveAccount({ accountNumber: '0123456785', bankCode: '058' });
    const again = await sandbox.resolveAccount({ accountNumber: '0123456785', bankCode: '058' });
    expect(first.accountName).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    expect(again.accountName).toBe(first.accountName);
  });

  it('refuses a number whose check digit is wrong for the bank', async () => {
    await expect(
      sandbox.resolveAccount({ accountNumber: '0123456786', bankCode: '058' }),
    ).rejects.toBeInstanceOf(AccountNotFoundError);
    // Right for GTBank, wrong for Access Bank.
    await expect(
      sandbox.resolveAccount({ accountNumber: '0123456785', bankCode: '044' }),
    ).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it('refuses a bank code that is not in its list', async () => {
    await expect(
      sandbox.resolveAccount({ accountNumber: '0123456785', bankCode: '999' }),
    ).rejects.toBeInstanceOf(AccountNotFoundError);
  });

  it('gives every bank in the list at least one account that resolves', async () => {
    for (const bank of nigerianBanks) {
      const accountNumber = nubanAccountNumber(bank.code, '200000001');
      if (!accountNumber) throw new Error(`no NUBAN for ${bank.name}`);
      await expect(sandbox.resolveAccount({ accountNumber, bankCode: bank.code })).resolves.toMatchObject({
        accountNumber,
      });
    }
  });

  it('creates subaccounts with sandbox codes', async () => {
    const { subaccountCode } = await sandbox.createSubaccount({
      businessName: 'Ada',
      bankCode: '058',
      accountNumber: '0123456785',
      percentageCharge: 10,
    });
    expect(subaccountCode).toMatch(/^ACCT_sandbox_[0-9a-f]{14}$/);
  });
});

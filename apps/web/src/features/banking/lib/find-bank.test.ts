import type { Bank } from '@marketplace/shared/schemas/banking';
import { describe, expect, it } from 'vitest';
import { suggestBanks } from './find-bank';

// Names as Paystack's bank list gives them.
const banks: Bank[] = [
  { id: 1, name: 'Access Bank', code: '044' },
  { id: 2, name: 'First Bank of Nigeria', code: '011' },
  { id: 3, name: 'First City Monument Bank', code: '214' },
  { id: 4, name: 'Guaranty Trust Bank', code: '058' },
  { id: 5, name: 'Kuda Bank', code: '50211' },
  { id: 6, name: 'OPay Digital Services Limited (OPay)', code: '999992' },
  { id: 7, name: 'United Bank For Africa', code: '033' },
  { id: 8, name: 'Zenith Bank', code: '057' },
];

const names = (typed: string) => suggestBanks(banks, typed).map((bank) => bank.name);

describe('finding a bank by the name people use', () => {
  it('finds GTBank, First Bank, UBA, OPay and Kuda by their everyday names', () => {
    expect(names('gt')[0]).toBe('Guaranty Trust Bank');
    expect(names('GTBank')).toEqual(['Guaranty Trust Bank']);
    expect(names('GT Bank')).toEqual(['Guaranty Trust Bank']);
    expect(names('first bank')[0]).toBe('First Bank of Nigeria');
    expect(names('uba')).toEqual(['United Bank For Africa']);
    expect(names('opay')).toEqual(['OPay Digital Services Limited (OPay)']);
    expect(names('kuda')).toEqual(['Kuda Bank']);
  });

  it('still finds a bank by its registered name, those starting with the words first', () => {
    expect(names('zen')).toEqual(['Zenith Bank']);
    expect(names('first')).toEqual(['First Bank of Nigeria', 'First City Monument Bank']);
    expect(names('bank')).toEqual([
      'Access Bank',
      'First Bank of Nigeria',
      'First City Monument Bank',
      'Guaranty Trust Bank',
      'Kuda Bank',
      'United Bank For Africa',
      'Zenith Bank',
    ]);
    expect(names('')).toEqual([]);
  });
});

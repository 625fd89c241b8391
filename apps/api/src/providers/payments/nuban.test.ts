import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanAccountNumber, nubanCheckDigit, nubanInstitutionCode } from './nuban';

// Known-good numbers, worked by hand (weights 3,7,3,3,7,3,3,7,3,3,7,3,3,7,3 over institution code + serial):
// - First Bank 011, serial 000001457 (the CBN's own example): 000011000001457 →
//   0+0+0+0+7+3+0+0+0+0+0+3+12+35+21 = 81 → 10 - 1 = 9 → 0000014579.
// - GTBank 058, serial 012345678: 000058012345678 →
//   5·7 + 8·3 + 0·3 + 1·7 + 2·3 + 3·3 + 4·7 + 5·3 + 6·3 + 7·7 + 8·3 = 35+24+0+7+6+9+28+15+18+49+24 = 215 → 10 - 5 = 5 → 0123456785.
// - Kuda Bank 50211 (a microfinance bank: 9 + 50211), serial 100000000: 950211100000000 →
//   9·3 + 5·7 + 0·3 + 2·3 + 1·7 + 1·3 + 1·3 = 27+35+0+6+7+3+3 = 81 → 9 → 1000000009.
// - OPay 999992 (6 digits as they are), serial 812345678: 999992812345678 →
//   27+63+27+27+63+6+24+7+6+9+28+15+18+49+24 = 393 → 10 - 3 = 7 → 8123456787.
// - A sum ending in 0 gives check digit 0: Moniepoint 50515, serial 512345678 → 5123456780.
const knownGood = [
  { bank: 'First Bank (011)', code: '011', account: '0000014579' },
  { bank: 'GTBank (058)', code: '058', account: '0123456785' },
  { bank: 'Kuda Bank (50211)', code: '50211', account: '1000000009' },
  { bank: 'OPay (999992)', code: '999992', account: '8123456787' },
  { bank: 'Moniepoint (50515)', code: '50515', account: '5123456780' },
];

describe('NUBAN check digit', () => {
  it.each(knownGood)('accepts a valid $bank account number', ({ code, account }) => {
    expect(isValidNuban(code, account)).toBe(true);
  });

  it.each(knownGood)('rejects a $bank number with any single digit changed', ({ code, account }) => {
    for (let position = 0; position < account.length; position++) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === account[position]) continue;
        const changed = `${account.slice(0, position)}${digit}${account.slice(position + 1)}`;
        expect(isValidNuban(code, changed), `${changed} should fail`).toBe(false);
      }
    }
  });

  it('uses the 6-digit institution code: 000 before a bank code, 9 before a 5-digit code', () => {
    expect(nubanInstitutionCode('058')).toBe('000058');
    expect(nubanInstitutionCode('00103')).toBe('000103');
    expect(nubanInstitutionCode('50211')).toBe('950211');
    expect(nubanInstitutionCode('120001')).toBe('120001');
    expect(nubanInstitutionCode('035A')).toBeNull();
  });

  it('gives the same check digit for a bank as the original 3-digit standard', () => {
    // Original: weights 3,7,3,3,7,3,3,7,3,3,7,3 over the 3-digit code and the serial.
    const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
    for (const [code, serial] of [
      ['044', '987654321'],
      ['057', '221234567'],
      ['232', '000000777'],
    ] as const) {
      const digits = `${code}${serial}`;
      const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
      expect(nubanCheckDigit(code, serial)).toBe((10 - (sum % 10)) % 10);
    }
  });

  it('refuses numbers that are not 10 digits and codes without a NUBAN form', () => {
    expect(isValidNuban('058', '012345678')).toBe(false);
    expect(isValidNuban('058', '01234567855')).toBe(false);
    expect(isValidNuban('058', '01234567a5')).toBe(false);
    expect(isValidNuban('MFB50094', '0123456785')).toBe(false);
  });

  it('builds a valid account number from a serial', () => {
    expect(nubanAccountNumber('058', '012345678')).toBe('0123456785');
    expect(nubanAccountNumber('058', '12345')).toBeNull();
  });
});

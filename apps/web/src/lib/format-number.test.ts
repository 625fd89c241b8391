import { LANGUAGES } from '@marketplace/shared/constants';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number';

// Kilograms, counts and ratings as the site shows them: what Intl.NumberFormat writes in each language.
const values = [
  0, 1, 4, 9.95, 12.34, 0.05, 0.25, 0.35, 1.15, 2.45, 999.95, 1000, 1234, 9999.96, 12345.67, 123456,
  1234567.89, -5.25, -1234.5,
];

describe('formatNumber', () => {
  for (const language of LANGUAGES) {
    it(`writes numbers as Intl.NumberFormat does in ${language}`, () => {
      const atMostOne = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
      const exactlyOne = new Intl.NumberFormat(language, {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
      for (const value of values) {
        expect(formatNumber(value, { language })).toBe(atMostOne.format(value));
        expect(formatNumber(value, { language, oneDecimal: true })).toBe(exactlyOne.format(value));
      }
    });
  }

  it('groups thousands from five digits only in Spanish, with a narrow space in French', () => {
    expect(formatNumber(1234, { language: 'es' })).toBe('1234');
    expect(formatNumber(12345, { language: 'es' })).toBe('12.345');
    expect(formatNumber(1234.5, { language: 'fr' })).toBe('1\u202f234,5');
    expect(formatNumber(1234.5, { language: 'en' })).toBe('1,234.5');
  });

  it('leaves to Intl what is not a quantity of the site: not a number, infinite, huge', () => {
    for (const value of [Number.NaN, Infinity, 12_345_678_912_345_670]) {
      expect(formatNumber(value, { language: 'fr' })).toBe(
        new Intl.NumberFormat('fr', { maximumFractionDigits: 1 }).format(value),
      );
    }
  });

  it('writes a negative that rounds to zero as 0', () => {
    expect(formatNumber(-0.04, { language: 'en' })).toBe('0');
  });
});

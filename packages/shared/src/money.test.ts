import { describe, expect, it } from 'vitest';
import { formatKobo, formatNaira, nairaToKobo, platformShareKobo } from './money';

describe('money', () => {
  it('sends amounts in kobo and keeps the floor of 10 percent for the platform (spec §9)', () => {
    expect(nairaToKobo(8000)).toBe(800_000);
    expect(platformShareKobo(800_000)).toBe(80_000);
    expect(platformShareKobo(99_999)).toBe(9_999);
    expect(platformShareKobo(9)).toBe(0);
  });

  it('shows kobo divided by 100 with two decimals and the naira sign', () => {
    expect(formatKobo(800_000)).toBe('₦8,000.00');
    expect(formatKobo(12_345)).toBe('₦123.45');
    expect(formatNaira(50_000)).toBe('₦50,000');
  });
});

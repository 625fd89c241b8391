import { describe, expect, it, vi } from 'vitest';
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

  it('groups thousands as en-NG does, without Intl (whose first use is a long task on a slow phone)', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(999)).toBe('₦999');
    expect(formatNaira(1_000)).toBe('₦1,000');
    expect(formatNaira(1_234_567)).toBe('₦1,234,567');
    expect(formatNaira(2_500.6)).toBe('₦2,501');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(100_000_000_07)).toBe('₦100,000,000.07');
    expect(formatKobo(-150_000)).toBe('-₦1,500.00');
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
  });
});

import { PLATFORM_PERCENTAGE } from './constants';

// A product's price is whole naira; every payment amount is integer kobo (DESIGN.md, rules of the data).

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

// spec §9: the transaction charge is the floor of 10 percent of the total.
export function platformShareKobo(totalKobo: number): number {
  return Math.floor((totalKobo * PLATFORM_PERCENTAGE) / 100);
}

const nairaFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeNairaFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

// spec §3: amounts are shown divided by 100 with 2 decimals and the naira sign.
export function formatKobo(kobo: number): string {
  return `₦${nairaFormat.format(kobo / 100)}`;
}

export function formatNaira(naira: number): string {
  return `₦${wholeNairaFormat.format(naira)}`;
}

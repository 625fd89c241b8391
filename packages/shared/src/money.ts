import { PLATFORM_PERCENTAGE } from './constants';

// A product's price is whole naira; every payment amount is integer kobo (DESIGN.md, rules of the data).

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

// spec §9: the transaction charge is the floor of 10 percent of the total.
export function platformShareKobo(totalKobo: number): number {
  return Math.floor((totalKobo * PLATFORM_PERCENTAGE) / 100);
}

// The seller's share of a sale (issue 32): the item's amount less the platform's share; the delivery fee is
// never the seller's (the platform pays the courier with it).
export function sellerShareKobo(itemKobo: number): number {
  return itemKobo - platformShareKobo(itemKobo);
}

// Thousands grouped with commas, as en-NG writes them (or with `separator`). Note: written by hand rather
// than with Intl.NumberFormat, whose first use loads the locale data: on a slow phone that cost a long task
// while the first cards were drawn (issue #12).
export function groupThousands(digits: string, separator = ','): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

// spec §3: amounts are shown divided by 100 with 2 decimals and the naira sign.
export function formatKobo(kobo: number): string {
  const cents = Math.round(Math.abs(kobo));
  const sign = kobo < 0 && cents > 0 ? '-' : '';
  return `${sign}₦${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
}

export function formatNaira(naira: number): string {
  const whole = Math.round(Math.abs(naira));
  const sign = naira < 0 && whole > 0 ? '-' : '';
  return `${sign}₦${groupThousands(String(whole))}`;
}

import { groupThousands } from '@marketplace/shared/money';
import { LIST_TOTAL_CAP, type Language } from '@marketplace/shared/constants';
import { i18n } from '../i18n/i18n';

// How each language writes a number, as Intl.NumberFormat does: its separators, and from how many digits
// it groups thousands (Spanish writes 1234 but 12.345). Written by hand, not with Intl.NumberFormat, whose
// first use loads the locale's data: 60 ms on a slow phone while the home page hydrates (issue 33), and the
// server's ICU and the phone's could write a space differently.
const NOTATION: Record<Language, { group: string; decimal: string; groupFrom: number }> = {
  en: { group: ',', decimal: '.', groupFrom: 4 },
  fr: { group: '\u202f', decimal: ',', groupFrom: 4 },
  es: { group: '.', decimal: ',', groupFrom: 5 },
};

// A number ≥ 0 as its whole part and tenth, rounded half up from its shortest decimal writing (9.95 is 10),
// as Intl does, not from its exact binary value (9.9499…, which toFixed rounds to 9.9).
function tenths(value: number): [string, string] {
  const written = String(value);
  if (written.includes('e')) return value < 1 ? ['0', '0'] : [written, '0'];
  const [integer = '0', fraction = ''] = written.split('.');
  const count = Number(integer) * 10 + Number(fraction[0] ?? 0) + (Number(fraction[1] ?? 0) >= 5 ? 1 : 0);
  return [String(Math.floor(count / 10)), String(count % 10)];
}

// Quantities (kilograms, counts, ratings) in the reader's language, with at most one decimal (`oneDecimal`:
// always one, as in a rating's 4.0), rounded half away from zero; a negative that rounds to zero reads 0 (Intl
// writes -0). A component calling this also calls
// useTranslation(), so it renders again when the language changes.
export function formatNumber(
  value: number,
  { oneDecimal = false, language = i18n.language }: { oneDecimal?: boolean; language?: Language } = {},
): string {
  // Beyond what a quantity here reaches (and not a number at all), Intl writes it.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) {
    return new Intl.NumberFormat(language, {
      minimumFractionDigits: oneDecimal ? 1 : 0,
      maximumFractionDigits: 1,
    }).format(value);
  }
  const notation = NOTATION[language];
  const [whole, tenth] = tenths(Math.abs(value));
  const grouped = whole.length >= notation.groupFrom ? groupThousands(whole, notation.group) : whole;
  const fraction = oneDecimal || tenth !== '0' ? `${notation.decimal}${tenth}` : '';
  const sign = value < 0 && (whole !== '0' || tenth !== '0') ? '-' : '';
  return `${sign}${grouped}${fraction}`;
}

// A count the API counts up to LIST_TOTAL_CAP + 1 (a user's referrals): past the cap, "10,000+".
export function formatCappedCount(count: number): string {
  return count > LIST_TOTAL_CAP ? `${formatNumber(LIST_TOTAL_CAP)}+` : formatNumber(count);
}

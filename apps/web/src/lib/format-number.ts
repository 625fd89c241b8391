import { i18n } from '../i18n/i18n';

// Quantities (kilograms, counts) in the reader's language, with at most one decimal. A component calling
// this also calls useTranslation(), so it renders again when the language changes.
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
}

import { i18n } from '../i18n/i18n';

// Dates and times in the reader's language. A component calling these also calls useTranslation(),
// so it renders again when the language changes.

// A formatter is costly to make (a list of twelve cards made twelve): one per language and style, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${i18n.language}:${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      i18n.language,
      style === 'date' ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    );
    formatters.set(key, found);
  }
  return found;
}

// English dates as Intl writes them with `dateStyle: 'medium'` ("Jan 5, 2026", the reader's time zone), by
// hand: the first Intl formatter of a page loads the locale data, 15–40 ms of the first render's CPU on
// this machine (four times that on Lighthouse's phone) for the cards' posted dates and a seller's member
// since (decision 036; naira amounts are written by hand for the same reason, shared/money.ts).
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (i18n.language === 'en' && !Number.isNaN(date.getTime()))
    return `${ENGLISH_MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  return formatter('date').format(date);
}

export function formatDateTime(iso: string): string {
  return formatter('dateTime').format(new Date(iso));
}

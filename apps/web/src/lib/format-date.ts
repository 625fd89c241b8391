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

export function formatDate(iso: string): string {
  return formatter('date').format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return formatter('dateTime').format(new Date(iso));
}

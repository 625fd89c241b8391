import { i18n } from '../i18n/i18n';

// Dates and times in the reader's language. A component calling these also calls useTranslation(),
// so it renders again when the language changes.

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

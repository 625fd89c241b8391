// A date (and time) as the user's language writes it.
export function formatDate(iso: string, language: string, withTime = false): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { dateStyle: 'medium' };
  return new Intl.DateTimeFormat(language, options).format(new Date(iso));
}

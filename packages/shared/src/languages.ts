import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

// The language a page is drawn in, on the server and in the browser alike (issue #12): the language the
// user chose (remembered by the web app, and sent to the server in this cookie), else the first of the
// browser's languages we have, else English.
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

// The first of a list of language tags ('fr-CH', 'es', 'en-US') that we translate into, by its base language.
export function firstSupportedLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

// An Accept-Language header as a list of tags, most wanted first ('fr-CH, fr;q=0.9, en;q=0.8'); tags the
// browser refuses (q=0) and the wildcard are left out.
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const quality = options.map((option) => /^\s*q=([0-9.]+)\s*$/i.exec(option)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

export function pageLanguage(chosen: string | null | undefined, browserTags: readonly string[]): Language {
  if (isLanguage(chosen)) return chosen;
  return firstSupportedLanguage(browserTags) ?? DEFAULT_LANGUAGE;
}

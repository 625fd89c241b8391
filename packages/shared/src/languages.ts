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

// The few words the server draws into a page's first view (apps/api first-view.ts), as keys of the web
// app's translations. The web build reads them from its en/fr/es bundles (first-view-words.json), so the
// server never keeps a copy of its own.
export const FIRST_VIEW_WORD_KEYS = [
  'listings.free',
  'listings.location',
  'trust.verified',
  'trust.verifiedHint',
  'trust.posted',
  'home.title',
  'home.mission',
  'home.categoriesLabel',
  'home.recommended',
  'home.trashTitle',
  'home.trashText',
  'home.sellTitle',
  'home.donateTitle',
  'listings.category.All',
  'listings.category.Clothes',
  'listings.category.Household-Items',
  'listings.category.Accessories',
  'listings.category.Electronics',
] as const;
export type FirstViewWordKey = (typeof FIRST_VIEW_WORD_KEYS)[number];
export type FirstViewWords = Record<Language, Record<FirstViewWordKey, string>>;

// The first view's words out of one language's bundle; a missing word stops the build.
export function pickFirstViewWords(bundle: unknown): Record<FirstViewWordKey, string> {
  const words = {} as Record<FirstViewWordKey, string>;
  for (const key of FIRST_VIEW_WORD_KEYS) {
    let value: unknown = bundle;
    for (const part of key.split('.')) {
      value =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value !== 'string' || value === '')
      throw new Error(`first-view words: no translation for ${key}`);
    words[key] = value;
  }
  return words;
}

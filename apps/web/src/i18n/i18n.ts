import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@marketplace/shared/constants';
import { isLanguage, LANGUAGE_COOKIE, pageLanguage } from '@marketplace/shared/languages';
import { messages } from '@marketplace/shared/reply-texts';
import { notificationMessages, notificationSingulars } from '@marketplace/shared/notifications';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage';
import { PAGES_CACHE } from '../sw/cache-names';
import en from './en.json';

// English is bundled and is the fallback. Its `errors` and `notificationMessages` are the shared ones
// themselves, so the sentences the API sends and the ones the web shows can never drift apart.
export const englishResources = {
  ...en,
  errors: messages,
  notificationMessages: { ...notificationMessages, ...notificationSingulars },
};
export type TranslationResources = typeof englishResources;

// spec §1: FR and ES are loaded only when chosen, each as its own chunk.
const lazyBundles: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  fr: () => import('./fr.json'),
  es: () => import('./es.json'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: englishResources } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

export { i18n };

export { isLanguage };

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

async function loadBundle(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const bundle = await lazyBundles[language]();
  i18n.addResourceBundle(language, 'translation', bundle.default);
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

// The chosen language, told to the server too, which draws a page's first view in it (decision 027).
function rememberForServer(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

function cookieLanguage(): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  return entry ? entry.slice(LANGUAGE_COOKIE.length + 1) : null;
}

// Pages kept for offline use carry their first view in the language they were seen in.
function forgetPagesInOtherLanguages(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(PAGES_CACHE).catch(() => {
    // Nothing kept, or storage refused: nothing to forget.
  });
}

// The chosen language is remembered for the next visit.
export async function changeLanguage(language: Language): Promise<void> {
  await loadBundle(language);
  await i18n.changeLanguage(language);
  const previous = readText(STORAGE_KEYS.language);
  writeText(STORAGE_KEYS.language, language);
  if (cookieLanguage() !== language) rememberForServer(language);
  if (previous !== language) forgetPagesInOtherLanguages();
}

// The language chosen in this browser, if any.
export function rememberedLanguage(): Language | null {
  const stored = readText(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

// The language the server drew the page in (`<html lang>`): the browser's first render must match its
// markup (decision 060).
export async function applyLanguage(language: string): Promise<void> {
  const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  await loadBundle(chosen);
  await i18n.changeLanguage(chosen);
}

// Applies the language before the first render, so a French visitor never sees English flash by: the one
// chosen before, else the first of the browser's languages we have (as the server chose for the first
// view), else English.
export async function restoreLanguage(): Promise<void> {
  const stored = readText(STORAGE_KEYS.language);
  const language = pageLanguage(stored, navigator.languages ?? [navigator.language]);
  // A choice made before the cookie existed is told to the server from now on.
  if (isLanguage(stored) && cookieLanguage() !== stored) rememberForServer(stored);
  try {
    await loadBundle(language);
    await i18n.changeLanguage(language);
  } catch {
    // A bundle that cannot load (offline) leaves the page in English, which always works.
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
  }
}

import { DEFAULT_LANGUAGE, type Language } from '@marketplace/shared/constants';
import { isLanguage, LANGUAGE_COOKIE, pageLanguage } from '@marketplace/shared/languages';
import { loadChunk } from '../lib/load-chunk';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage';
import { PAGES_CACHE } from '../sw/cache-names';
import { Translator, type Words } from './translator';
import { wordFiles } from 'virtual:oja-words';

// Every language's words, English too, are data, not script: a JSON file of the build with a hashed name
// (words-plugin.ts, decision 064), fetched when the language is first needed. A page the server drew carries
// the words it read, and the app fetches its language's file once ready (decision 072).
function wordsUrl(language: Language): string {
  return wordFiles[language];
}

// As a page's script is: tried again on a shaky connection, and a page whose files a deploy removed
// reloads onto the new version.
function fetchWords(language: Language): Promise<Words> {
  return loadChunk(async () => {
    const response = await fetch(wordsUrl(language));
    if (!response.ok) throw new Error(`the ${language} words did not load (${response.status})`);
    return (await response.json()) as Words;
  });
}

const i18n = new Translator({ language: DEFAULT_LANGUAGE, fallback: DEFAULT_LANGUAGE, load: fetchWords });

// `<html lang>` follows the language (screen readers, the browser's hyphenation and translation offer).
let shownLanguage: Language = i18n.language;
i18n.subscribe(() => {
  if (i18n.language === shownLanguage) return;
  shownLanguage = i18n.language;
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
});

export { i18n };

export { isLanguage };

export function currentLanguage(): Language {
  return i18n.language;
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
    await i18n.changeLanguage(language);
  } catch {
    // Words that cannot load (offline, never fetched) leave the page in English, which the service worker
    // keeps ahead of time.
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
  }
}

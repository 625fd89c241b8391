import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@marketplace/shared/constants';
import { messages } from '@marketplace/shared/messages';
import { notificationMessages } from '@marketplace/shared/notifications';
import { readText, STORAGE_KEYS, writeText } from '../lib/storage';
import en from './en.json';

// English is bundled and is the fallback. Its `errors` and `notificationMessages` are the shared ones
// themselves, so the sentences the API sends and the ones the web shows can never drift apart.
export const englishResources = { ...en, errors: messages, notificationMessages };
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
  document.documentElement.lang = language;
});

export { i18n };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

async function loadBundle(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const bundle = await lazyBundles[language]();
  i18n.addResourceBundle(language, 'translation', bundle.default);
}

// The chosen language is remembered for the next visit.
export async function changeLanguage(language: Language): Promise<void> {
  await loadBundle(language);
  await i18n.changeLanguage(language);
  writeText(STORAGE_KEYS.language, language);
}

// Applies the remembered language before the first render, so a French visitor never sees English flash by.
export async function restoreLanguage(): Promise<void> {
  const stored = readText(STORAGE_KEYS.language);
  const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  try {
    await loadBundle(language);
    await i18n.changeLanguage(language);
  } catch {
    // A bundle that cannot load (offline) leaves the page in English, which always works.
    await i18n.changeLanguage(DEFAULT_LANGUAGE);
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@marketplace/shared/messages';
import { notificationMessages } from '@marketplace/shared/notifications';
import { STORAGE_KEYS } from '../lib/storage';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import { changeLanguage, englishResources, i18n, restoreLanguage } from './i18n';

// Every key path of a nested translation object, as 'header.login'.
function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const translations = { fr, es };

afterEach(async () => {
  await changeLanguage('en');
});

describe('translations', () => {
  it('uses the shared messages themselves as the English errors', () => {
    expect(englishResources.errors).toEqual(messages);
    expect(en).not.toHaveProperty('errors');
  });

  it.each(Object.entries(translations))('%s translates every message code', (_language, translation) => {
    for (const code of Object.keys(messages)) {
      expect(translation.errors, code).toHaveProperty(code);
      expect(translation.errors[code as keyof typeof translation.errors], code).not.toBe('');
    }
  });

  it.each(Object.entries(translations))('%s translates every notification code, with the same parameters', (_language, translation) => {
    expect(englishResources.notificationMessages).toEqual(notificationMessages);
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [code, english] of Object.entries(notificationMessages)) {
      const translated = translation.notificationMessages[code as keyof typeof translation.notificationMessages];
      expect(translated, code).toBeTruthy();
      expect(placeholders(translated), code).toEqual(placeholders(english));
    }
  });

  it.each(Object.entries(translations))(
    '%s has every key that English has, and no other',
    (_language, translation) => {
      expect(keysOf(translation).sort()).toEqual(keysOf(englishResources).sort());
    },
  );

  it('restores the remembered language on the next visit', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    await restoreLanguage();
    expect(i18n.language).toBe('es');
    expect(i18n.t('header.login')).toBe('Iniciar sesión');
    expect(document.documentElement.lang).toBe('es');
  });

  it('falls back to English for an unknown remembered language', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'de');
    await restoreLanguage();
    expect(i18n.language).toBe('en');
  });
});

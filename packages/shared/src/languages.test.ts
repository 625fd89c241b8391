import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, firstSupportedLanguage, pageLanguage } from './languages';

describe('the language a page is drawn in', () => {
  it('reads Accept-Language by weight, leaving out refused tags and the wildcard', () => {
    expect(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptLanguageTags('en;q=0.2, es-ES')).toEqual(['es-ES', 'en']);
    expect(acceptLanguageTags('fr;q=0, es;q=0.1')).toEqual(['es']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags('')).toEqual([]);
  });

  it('takes the first tag we translate into, by its base language', () => {
    expect(firstSupportedLanguage(['de-DE', 'es-MX', 'fr'])).toBe('es');
    expect(firstSupportedLanguage(['FR_ca'])).toBe('fr');
    expect(firstSupportedLanguage(['de', 'yo'])).toBeNull();
  });

  it('prefers the chosen language, then the browser’s, then English', () => {
    expect(pageLanguage('es', ['fr-FR'])).toBe('es');
    expect(pageLanguage('de', ['fr-FR'])).toBe('fr');
    expect(pageLanguage(null, ['yo-NG', 'ha'])).toBe('en');
  });
});

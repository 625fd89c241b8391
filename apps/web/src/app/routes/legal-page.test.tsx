import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render-routes';
import { legalTexts, PrivacyRoute, TermsRoute } from './legal-page';

const routes = [
  { path: '/terms', element: <TermsRoute /> },
  { path: '/privacy', element: <PrivacyRoute /> },
];

afterEach(async () => {
  await changeLanguage('en');
});

describe('terms and privacy pages', () => {
  it('shows the terms of use, with how payment works on Oja', () => {
    renderRoutes(routes, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Paying and getting paid' })).toBeInTheDocument();
    expect(screen.getByText(/never a deposit before seeing the item/)).toBeInTheDocument();
  });

  it('shows the privacy policy in the reader’s language', async () => {
    await changeLanguage('fr');
    renderRoutes(routes, '/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nigeria Data Protection Act 2023/)).toBeInTheDocument();
  });

  it.each(['fr', 'es'] as const)('%s has every section of the English texts, none empty', (language) => {
    for (const document of ['terms', 'privacy'] as const) {
      const english = legalTexts.en[document];
      const translated = legalTexts[language][document];
      expect(translated.sections).toHaveLength(english.sections.length);
      for (const text of [
        translated.title,
        translated.intro,
        ...translated.sections.flatMap((s) => [s.title, s.text]),
      ]) {
        expect(text.trim()).not.toBe('');
      }
    }
  });
});

import { useTranslation } from '../../i18n/use-translation';
import type { Language } from '@marketplace/shared/constants';
import { currentLanguage } from '../../i18n/i18n';
import en from './legal/en.json';
import es from './legal/es.json';
import fr from './legal/fr.json';

export type LegalDocument = 'terms' | 'privacy';

// The texts are kept out of the main translation files: they are long, and only these pages need them.
export const legalTexts: Record<Language, typeof en> = { en, fr, es };

// /terms and /privacy: plain pages the register form and the footer link to, in the reader's language.
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const text = legalTexts[currentLanguage()][document];
  return (
    <article className="container py-4">
      <title>{`${text.title} · ${t('app.name')}`}</title>
      <h1 className="h2 mb-3">{text.title}</h1>
      <p className="lead">{text.intro}</p>
      {text.sections.map((section) => (
        <section key={section.title} className="mb-3">
          <h2 className="h5">{section.title}</h2>
          <p className="mb-0">{section.text}</p>
        </section>
      ))}
    </article>
  );
}

export function TermsRoute() {
  return <LegalPage document="terms" />;
}

export function PrivacyRoute() {
  return <LegalPage document="privacy" />;
}

import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';

const CONTACT_EMAIL = 'hello@oja.ng';
const WHATSAPP_URL = 'https://wa.me/2348000000000';
const SOCIAL_LINKS = [
  { name: 'Facebook', url: 'https://www.facebook.com/oja.ng' },
  { name: 'Instagram', url: 'https://www.instagram.com/oja.ng' },
  { name: 'X', url: 'https://x.com/oja_ng' },
] as const;

// spec §2: the footer on every page.
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer mt-5 pt-5 pb-4">
      <div className="container">
        <div className="row g-4">
          <section className="col-12 col-md-6 col-lg-4" aria-labelledby="footer-about">
            <h2 id="footer-about">{t('footer.aboutTitle')}</h2>
            <p className="small">{t('footer.mission')}</p>
            <div className="d-flex flex-wrap gap-2 mb-3">
              <Link to="/upload?mode=sell" className="btn btn-primary">
                {t('footer.sell')}
              </Link>
              <Link to="/upload?mode=donate" className="btn btn-outline-light">
                {t('footer.donate')}
              </Link>
            </div>
            <p className="small mb-0">
              {t('footer.signUpPrompt')} <Link to="/register">{t('footer.signUpLink')}</Link>
            </p>
          </section>
          <section className="col-12 col-md-6 col-lg-4" aria-labelledby="footer-contact">
            <h2 id="footer-contact">{t('footer.contactTitle')}</h2>
            <ul className="list-unstyled small">
              <li className="mb-2">
                <a href={`mailto:${CONTACT_EMAIL}`}>{t('footer.emailUs', { email: CONTACT_EMAIL })}</a>
              </li>
              <li className="mb-2">
                <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
                  {t('footer.chatOnWhatsApp')}
                  <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
                </a>
              </li>
            </ul>
            <h2 id="footer-follow">{t('footer.followTitle')}</h2>
            <ul className="list-inline small" aria-labelledby="footer-follow">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name} className="list-inline-item me-3">
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.name}
                    <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section className="col-12 col-lg-4">
            <NewsletterForm />
          </section>
        </div>
        <p className="small text-center mt-4 mb-0">
          {t('footer.rights', { year: new Date().getFullYear() })} ·{' '}
          <Link to="/about">{t('impact.footerLink')}</Link> · <Link to="/terms">{t('footer.terms')}</Link> ·{' '}
          <Link to="/privacy">{t('footer.privacy')}</Link>
        </p>
      </div>
    </footer>
  );
}

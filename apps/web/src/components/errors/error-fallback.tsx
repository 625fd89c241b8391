import { useTranslation } from '../../i18n/use-translation';

// spec §2: the generic error fallback.
export function ErrorFallback() {
  const { t } = useTranslation();
  return (
    <main className="container py-5 text-center" role="alert">
      <p className="lead">{t('errors.INTERNAL_ERROR')}</p>
      <a className="btn btn-primary" href="/">
        {t('common.goHome')}
      </a>
    </main>
  );
}

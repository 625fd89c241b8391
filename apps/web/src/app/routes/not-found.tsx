import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center">
      <title>{`${t('notFound.title')} · ${t('app.name')}`}</title>
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.goHome')}
      </Link>
    </section>
  );
}

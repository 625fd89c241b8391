import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/me';

// A first, minimal profile page (login only). The full profile screen of spec §2 replaces it.
export function ProfileRoute() {
  const { t } = useTranslation();
  const me = useMe();

  let content;
  if (me.isPending) {
    content = <p role="status">{t('common.loading')}</p>;
  } else if (me.isError) {
    content = (
      <div className="alert alert-danger" role="alert">
        <p>{t('profile.loadFailed')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => void me.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  } else {
    content = (
      <dl className="row">
        <dt className="col-sm-3">{t('profile.username')}</dt>
        <dd className="col-sm-9">{me.data.username}</dd>
        <dt className="col-sm-3">{t('profile.email')}</dt>
        <dd className="col-sm-9">{me.data.email}</dd>
        <dt className="col-sm-3">{t('profile.refID')}</dt>
        <dd className="col-sm-9">
          <code>{me.data.refID}</code>
        </dd>
      </dl>
    );
  }

  return (
    <section className="container py-4">
      <title>{`${t('profile.title')} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-4">{t('profile.title')}</h1>
      {content}
    </section>
  );
}

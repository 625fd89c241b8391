import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// The home page for now: the mission and the three ways in (spec §2's upload card). Listings come later.
export function HomeRoute() {
  const { t } = useTranslation();
  const ways = [
    { title: t('home.sellTitle'), text: t('home.sellText'), action: t('home.sellAction'), to: '/upload' },
    {
      title: t('home.donateTitle'),
      text: t('home.donateText'),
      action: t('home.donateAction'),
      to: '/upload',
    },
    {
      title: t('home.trashTitle'),
      text: t('home.trashText'),
      action: t('home.trashAction'),
      to: '/register',
    },
  ];
  return (
    <div className="container py-4">
      <title>{`${t('app.name')} · ${t('app.tagline')}`}</title>
      <section className="hero p-4 p-md-5 mb-4">
        <h1 className="display-6 fw-bold">{t('home.title')}</h1>
        <p className="lead mb-0">{t('home.mission')}</p>
      </section>
      <div className="row g-3">
        {ways.map((way) => (
          <section key={way.title} className="col-12 col-md-4">
            <div className="card h-100">
              <div className="card-body d-flex flex-column">
                <h2 className="h5 card-title">{way.title}</h2>
                <p className="card-text flex-grow-1">{way.text}</p>
                <Link to={way.to} className="btn btn-outline-primary align-self-start">
                  {way.action}
                </Link>
              </div>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

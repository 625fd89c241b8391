import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';

// spec §2: the home page's upload card: Sell It / Donate It / Don't Trash It.
export function UploadCard() {
  const { t } = useTranslation();
  return (
    <section className="card upload-card" aria-labelledby="upload-card-title">
      <div className="card-body p-3 d-md-flex align-items-center gap-4">
        <div className="flex-grow-1 mb-2 mb-md-0">
          <h2 id="upload-card-title" className="h6 card-title mb-1">
            {t('home.trashTitle')}
          </h2>
          <p className="card-text small mb-0">{t('home.trashText')}</p>
        </div>
        <div className="d-flex gap-2 flex-shrink-0">
          <Link to="/upload?mode=sell" className="btn btn-primary">
            {t('home.sellTitle')}
          </Link>
          <Link to="/upload?mode=donate" className="btn btn-outline-primary">
            {t('home.donateTitle')}
          </Link>
        </div>
      </div>
    </section>
  );
}

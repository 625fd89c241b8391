import { useTranslation } from '../../../i18n/use-translation';

// The product page's shape while it loads: the picture box at its real 4:3 size and the title, price and
// buttons at their real heights, so nothing jumps when the listing arrives (layout shift under 0.05).
export function ProductPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container py-3 py-md-4" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="row g-4 placeholder-glow" aria-hidden="true">
        <div className="col-12 col-lg-6">
          <div className="ratio ratio-4x3 product-gallery-main">
            <span className="placeholder w-100 h-100" />
          </div>
        </div>
        <div className="col-12 col-lg-6">
          <h1 className="h3 mb-2">
            <span className="placeholder col-9" />
          </h1>
          <p className="fs-4 mb-3">
            <span className="placeholder col-4" />
          </p>
          <div className="d-grid d-sm-flex gap-2 mb-3">
            <span className="placeholder btn btn-lg col-12 col-sm-3" />
            <span className="placeholder btn btn-lg col-12 col-sm-3" />
          </div>
        </div>
      </div>
    </div>
  );
}

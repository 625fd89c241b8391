import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';

// The dialog (and the modal code it needs) loads only when a buyer opens it.
const ReportListingDialog = lazy(() => import('./report-listing-dialog'));

// 'Report this listing' under the safety tips. Reporting needs an account: a visitor is sent to log in
// and back. The owner never sees it.
export function ReportListing({ productId, productTitle }: { productId: string; productTitle: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [isReported, setIsReported] = useState(false);

  if (!user) {
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent(pathname)}`}
        className="btn btn-link btn-sm link-danger px-0"
      >
        {t('report.open')}
      </Link>
    );
  }
  if (isReported) {
    return (
      <p className="small text-body-secondary mb-0" role="status">
        {t('report.done')}
      </p>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-link btn-sm link-danger px-0" onClick={() => setIsOpen(true)}>
        {t('report.open')}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <ReportListingDialog
            productId={productId}
            productTitle={productTitle}
            onReported={() => {
              setIsOpen(false);
              setIsReported(true);
            }}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

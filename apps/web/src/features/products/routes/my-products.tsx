import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { MyProductsList } from '../components/my-products-list';

function hasFocusRequest(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'focusHeading' in state && state.focusHeading === true
  );
}

// spec §2: /my-products (login).
export function MyProductsRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shouldFocusHeading = hasFocusRequest(location.state);

  // After an upload or an edit, focus lands here, so a screen reader announces where the seller is.
  useEffect(() => {
    if (shouldFocusHeading) headingRef.current?.focus();
  }, [shouldFocusHeading]);

  return (
    <section className="container py-3 py-md-4">
      <title>{`${t('myProducts.title')} · ${t('app.name')}`}</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 ref={headingRef} tabIndex={-1} className="h3 mb-0">
          {t('myProducts.title')}
        </h1>
        <Link to="/upload" className="btn btn-primary btn-sm">
          {t('myProducts.uploadAction')}
        </Link>
      </div>
      <MyProductsList />
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { searchParamsFromFilters, type ProductFilters } from '../../../lib/product-filters';

type SearchResultsProps = {
  filters: ProductFilters;
  // From the search's first page (GET /api/products): what was probably meant when the words matched nothing.
  suggestion: string | null;
  // The listings found (the products feature's grid), showing `empty` when there are none.
  listings: (empty: ReactNode) => ReactNode;
  // The listings recommended when nothing was found (a grid), if any.
  recommended: ReactNode;
};

// The search page's results: "Did you mean", the listings, and when nothing matched, a way out.
export function SearchResults({ filters, suggestion, listings, recommended }: SearchResultsProps) {
  const { t } = useTranslation();
  const hasFilters = searchParamsFromFilters(filters).toString() !== '';
  return (
    <>
      {suggestion && (
        <p className="lead">
          <Link to={`/search?${searchParamsFromFilters({ ...filters, q: suggestion }).toString()}`}>
            {t('search.didYouMean', { suggestion })}
          </Link>
        </p>
      )}
      <section aria-label={t('search.results')}>
        {listings(
          <div className="text-center py-4">
            <p className="lead mb-1">{t('search.empty')}</p>
            <p className="text-body-secondary">{t('search.emptyHint')}</p>
            {hasFilters && (
              <Link to="/search" className="btn btn-outline-primary">
                {t('search.clear')}
              </Link>
            )}
            {recommended && (
              <section className="text-start mt-4" aria-labelledby="search-recommended">
                <h2 id="search-recommended" className="h5 mb-3">
                  {t('search.recommended')}
                </h2>
                {recommended}
              </section>
            )}
          </div>,
        )}
      </section>
    </>
  );
}

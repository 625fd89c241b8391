import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProductResults } from '../components/product-results';
import { SearchFilters } from '../components/search-filters';
import { filtersFromSearchParams, searchParamsFromFilters, type ProductFilters } from '../product-filters';
import '../listings.scss';

// /search?q=&category=&condition=&tag=&minPrice=&maxPrice=&location=&sort=. Every filter is in the
// address, so the back button steps through earlier searches.
export function SearchRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const addressKey = searchParamsFromFilters(filters).toString();
  const title = filters.q ? t('search.resultsFor', { query: filters.q }) : t('search.title');

  function onApply(next: ProductFilters) {
    setSearchParams(searchParamsFromFilters(next));
  }

  return (
    <div className="container py-3 py-md-4">
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{title}</h1>
      <SearchFilters key={addressKey} filters={filters} onApply={onApply} />
      <section aria-label={t('search.results')}>
        <ProductResults
          filters={filters}
          empty={
            <div className="text-center py-4">
              <p className="lead mb-1">{t('search.empty')}</p>
              <p className="text-body-secondary">{t('search.emptyHint')}</p>
              {addressKey !== '' && (
                <Link to="/search" className="btn btn-outline-primary">
                  {t('search.clear')}
                </Link>
              )}
            </div>
          }
        />
      </section>
    </div>
  );
}

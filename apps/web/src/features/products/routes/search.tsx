import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useProducts } from '../api/get-products';
import { ProductGrid } from '../components/product-grid';
import { ProductResults } from '../components/product-results';
import { SearchFilters } from '../components/search-filters';
import { filtersFromSearchParams, searchParamsFromFilters, type ProductFilters } from '../product-filters';
import '../products.scss';

// /search?q=&category=&condition=&tag=&minPrice=&maxPrice=&location=&sort=. Every filter is in the
// address, so the back button steps through earlier searches.
export function SearchRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const addressKey = searchParamsFromFilters(filters).toString();
  const title = filters.q ? t('search.resultsFor', { query: filters.q }) : t('search.title');
  // The same query as the results below (one request): its first page carries the search's extras.
  const firstPage = useProducts(filters).data?.pages[0];
  const suggestion = firstPage?.suggestion ?? null;
  const recommended = firstPage?.recommended ?? [];

  function onApply(next: ProductFilters) {
    setSearchParams(searchParamsFromFilters(next));
  }

  return (
    <div className="container py-3 py-md-4">
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className="h3 mb-3">{title}</h1>
      <SearchFilters key={addressKey} filters={filters} onApply={onApply} />
      {suggestion && (
        <p className="lead">
          <Link to={`/search?${searchParamsFromFilters({ ...filters, q: suggestion }).toString()}`}>
            {t('search.didYouMean', { suggestion })}
          </Link>
        </p>
      )}
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
              {recommended.length > 0 && (
                <section className="text-start mt-4" aria-labelledby="search-recommended">
                  <h2 id="search-recommended" className="h5 mb-3">
                    {t('search.recommended')}
                  </h2>
                  <ProductGrid products={recommended} />
                </section>
              )}
            </div>
          }
        />
      </section>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import {
  filtersFromSearchParams,
  searchParamsFromFilters,
  type ProductFilters,
} from '../../../lib/product-filters';
import { SearchFilters } from '../components/search-filters';

type SearchRouteProps = {
  // The listings found are the products feature's; the app composes them in (app/routes/search-page.tsx,
  // decision 028), drawn with this feature's SearchResults.
  results: (filters: ProductFilters) => ReactNode;
};

// /search?q=&category=&condition=&tag=&minPrice=&maxPrice=&location=&sort=. Every filter is in the
// address, so the back button steps through earlier searches.
export function SearchRoute({ results }: SearchRouteProps) {
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
      {results(filters)}
    </div>
  );
}

import type { ProductFilters } from '../../lib/product-filters';
import { useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/product-grid';
import { ProductResults } from '../../features/products/components/product-results';
import { SearchResults } from '../../features/search/components/search-results';
import { SearchRoute } from '../../features/search/routes/search';

function FoundListings({ filters }: { filters: ProductFilters }) {
  // The same query as the grid's (one request): its first page carries the search's extras.
  const firstPage = useProducts(filters).data?.pages[0];
  const recommended = firstPage?.recommended ?? [];
  return (
    <SearchResults
      filters={filters}
      suggestion={firstPage?.suggestion ?? null}
      listings={(empty) => <ProductResults filters={filters} empty={empty} />}
      recommended={recommended.length > 0 ? <ProductGrid products={recommended} /> : null}
    />
  );
}

// /search (spec §2). The app layer composes features: the search feature's page and filters around the
// products feature's grid of what GET /api/products found (decision 028).
export function SearchPage() {
  return <SearchRoute results={(filters) => <FoundListings filters={filters} />} />;
}

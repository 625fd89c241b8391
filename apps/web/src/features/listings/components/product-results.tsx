import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api/get-products';
import type { ProductFilters } from '../product-filters';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

type ProductResultsProps = { filters: ProductFilters; empty: ReactNode };

// A product grid for the given filters: skeleton cards while loading, the empty state, and
// "Load more" for the next page (by cursor).
export function ProductResults({ filters, empty }: ProductResultsProps) {
  const { t } = useTranslation();
  const products = useProducts(filters);

  if (products.isPending) return <ProductGridSkeleton count={PRODUCTS_PAGE_SIZE} />;
  if (products.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        <p>{t('listings.loadFailed')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => void products.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }

  const items = products.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;

  return (
    <>
      <ProductGrid products={items} />
      {products.hasNextPage && (
        <div className="text-center mt-4">
          <button
            type="button"
            className="btn btn-outline-primary px-4"
            onClick={() => void products.fetchNextPage()}
            disabled={products.isFetchingNextPage}
            aria-busy={products.isFetchingNextPage}
          >
            {products.isFetchingNextPage && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {products.isFetchingNextPage ? t('listings.loadingMore') : t('listings.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}

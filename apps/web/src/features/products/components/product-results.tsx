import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { FIRST_VIEW_PRIORITY_PICTURES } from '@marketplace/shared/constants';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PRODUCTS_PAGE_SIZE, useProducts } from '../api/get-products';
import type { ProductFilters } from '../../../lib/product-filters';
import { useGridColumns } from '../hooks/use-grid-columns';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

// afterFirstRow: shown between the first line of cards and the rest (the home page's upload card).
type ProductResultsProps = { filters: ProductFilters; empty: ReactNode; afterFirstRow?: ReactNode };

// A product grid for the given filters: skeleton cards while loading, the empty state, and
// "Load more" for the next page (by cursor).
export function ProductResults({ filters, empty, afterFirstRow }: ProductResultsProps) {
  const { t } = useTranslation();
  const products = useProducts(filters);
  const columns = useGridColumns();

  if (products.isPending) {
    if (!afterFirstRow) return <ProductGridSkeleton count={PRODUCTS_PAGE_SIZE} />;
    // Same places as the loaded grid, so nothing moves when the cards arrive.
    return (
      <>
        <ProductGridSkeleton count={columns} />
        <div className="my-3">{afterFirstRow}</div>
        <ProductGridSkeleton count={PRODUCTS_PAGE_SIZE - columns} announce={false} />
      </>
    );
  }
  if (products.isLoadingError) {
    return <LoadFailed message={t('listings.loadFailed')} onRetry={() => void products.refetch()} />;
  }

  const items = products.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <>
        {afterFirstRow}
        {empty}
      </>
    );
  }

  return (
    <>
      {/* The first pictures are the page's largest content on a phone: fetched at once, first. */}
      {afterFirstRow ? (
        <>
          <ProductGrid products={items.slice(0, columns)} priorityCount={FIRST_VIEW_PRIORITY_PICTURES} />
          <div className="my-3">{afterFirstRow}</div>
          {/* Below a phone's first screen (the first row's extras push it past 900 px): decision 071. */}
          {items.length > columns && <ProductGrid products={items.slice(columns)} afterStartFrom={0} />}
        </>
      ) : (
        <ProductGrid products={items} priorityCount={FIRST_VIEW_PRIORITY_PICTURES} />
      )}
      <LoadMore pages={products} />
    </>
  );
}

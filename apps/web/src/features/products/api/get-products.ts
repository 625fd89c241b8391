import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductCard, ProductListMeta } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import type { ProductFilters } from '../../../lib/product-filters';
import { productsQueryKey } from '../../../lib/query-keys';

export { productsQueryKey };

// Twelve cards fill whole rows of 2, 3 or 4 columns and keep each page small on mobile data.
export const PRODUCTS_PAGE_SIZE = 12;

// A search's page also says what was probably meant when its words matched nothing, and which listings to
// show when nothing was found (docs/decisions/020).
export type ProductPage = {
  items: ProductCard[];
  nextCursor: string | null;
  suggestion: string | null;
  recommended: ProductCard[];
};

export function productsSearchParams(filters: ProductFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  params.set('pageSize', String(PRODUCTS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params;
}

// GET /api/products: approved, available listings, filtered and paged by cursor.
export async function getProducts(
  filters: ProductFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const params = productsSearchParams(filters, cursor);
  const result = await apiRequestOrThrow<ProductCard[]>(`/products?${params.toString()}`, {
    audience: 'none',
    signal,
  });
  const meta: ProductListMeta | undefined = result.meta;
  return {
    items: result.data,
    nextCursor: meta?.nextCursor ?? null,
    suggestion: meta?.suggestion ?? null,
    recommended: meta?.recommended ?? [],
  };
}

export function productsInfiniteQueryOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: [...productsQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getProducts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsInfiniteQueryOptions(filters));
}

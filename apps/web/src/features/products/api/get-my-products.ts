import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OwnProductCard } from '@marketplace/shared/schemas/products';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';
import { productsQueryKey } from './get-products';

// GET /api/myProducts: the logged-in user's listings in every status, each with why reports hid it, if they did,
// newest first, a page at a time by cursor (issue 34); the list's Load more reads the next.

export const MY_PRODUCTS_PAGE_SIZE = 30;

export function myProductsQueryOptions() {
  return infiniteQueryOptions({
    // Under productsQueryKey: an edit or a deletion reads every products list again.
    queryKey: [...productsQueryKey, 'mine'],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<OwnProductCard>('/myProducts', {
        pageSize: MY_PRODUCTS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useMyProducts() {
  return useInfiniteQuery(myProductsQueryOptions());
}

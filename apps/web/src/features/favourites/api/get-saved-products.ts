import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { favouritesQueryKey } from './get-saved-ids';

export const SAVED_PAGE_SIZE = 12;

// GET /api/favourites?page: the user's saved listings as cards, last saved first.
export async function getSavedProducts(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(SAVED_PAGE_SIZE) });
  const result = await apiRequestOrThrow<ProductCard[]>(`/favourites?${query.toString()}`, { signal });
  return { items: result.data, total: result.meta?.total ?? result.data.length };
}

export function savedProductsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...favouritesQueryKey, 'list', page],
    queryFn: ({ signal }) => getSavedProducts(page, signal),
    meta: { hasErrorToast: false },
    placeholderData: keepPreviousData,
  });
}

export function useSavedProducts(page: number) {
  return useQuery(savedProductsQueryOptions(page));
}

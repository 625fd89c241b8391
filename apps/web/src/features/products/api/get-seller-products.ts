import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

export const SELLER_PRODUCTS_PAGE_SIZE = 12;

// GET /api/sellers/{username}/products?page: a seller's approved, available listings, newest first.
export async function getSellerProducts(username: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(SELLER_PRODUCTS_PAGE_SIZE) });
  const result = await apiRequestOrThrow<ProductCard[]>(
    `/sellers/${encodeURIComponent(username)}/products?${query.toString()}`,
    { signal },
  );
  return { items: result.data, total: result.meta?.total ?? result.data.length };
}

export function sellerProductsQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'seller', username, page],
    queryFn: ({ signal }) => getSellerProducts(username, page, signal),
    meta: { hasErrorToast: false },
    placeholderData: keepPreviousData,
  });
}

export function useSellerProducts(username: string, page: number) {
  return useQuery(sellerProductsQueryOptions(username, page));
}

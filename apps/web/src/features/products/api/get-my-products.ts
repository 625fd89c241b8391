import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProductCard } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

// GET /api/myProducts: the logged-in user's listings in every status, each with why reports hid it, if they did.
export async function getMyProducts(signal?: AbortSignal): Promise<OwnProductCard[]> {
  const result = await apiRequestOrThrow<OwnProductCard[]>('/myProducts', { signal });
  return result.data;
}

export function myProductsQueryOptions() {
  return queryOptions({
    queryKey: [...productsQueryKey, 'mine'],
    queryFn: ({ signal }) => getMyProducts(signal),
  });
}

export function useMyProducts() {
  return useQuery(myProductsQueryOptions());
}

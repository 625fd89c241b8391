import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductStatus } from '@marketplace/shared/constants';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/adminProduct?status=: every listing, in every status, for moderation.

export type ProductStatusFilter = ProductStatus | 'all';

// Every admin product query (lists and single listings) starts with this key, so a moderation
// call refreshes all of them at once.
export const adminProductsQueryKey = ['admin', 'products'] as const;

export async function getAdminProducts(
  status: ProductStatusFilter,
  signal?: AbortSignal,
): Promise<ProductCard[]> {
  const query = status === 'all' ? '' : `?status=${status}`;
  const result = await apiRequestOrThrow<ProductCard[]>(`/adminProduct${query}`, {
    audience: 'admin',
    signal,
  });
  return result.data;
}

export function adminProductsQueryOptions(status: ProductStatusFilter) {
  return queryOptions({
    queryKey: [...adminProductsQueryKey, 'list', status],
    queryFn: ({ signal }) => getAdminProducts(status, signal),
  });
}

export function useAdminProducts(status: ProductStatusFilter) {
  return useQuery(adminProductsQueryOptions(status));
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductStatus } from '@marketplace/shared/constants';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/adminProduct?status=&pageSize=&cursor=: every listing, in every status, newest first, a page at
// a time, for moderation.

export type ProductStatusFilter = ProductStatus | 'all';

// Every admin product query (lists and single listings) starts with this key, so a moderation
// call refreshes all of them at once.
export const adminProductsQueryKey = ['admin', 'products'] as const;

export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

// `totalCapped`: the server counts up to 10,000; there are more than `total`.
export type AdminProductPage = {
  items: ProductCard[];
  nextCursor: string | null;
  total: number | null;
  totalCapped: boolean;
};

export async function getAdminProducts(
  status: ProductStatusFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminProductPage> {
  const params = new URLSearchParams(status === 'all' ? {} : { status });
  params.set('pageSize', String(ADMIN_PRODUCTS_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<ProductCard[]>(`/adminProduct?${params.toString()}`, {
    audience: 'admin',
    signal,
  });
  return {
    items: result.data,
    nextCursor: result.meta?.nextCursor ?? null,
    total: result.meta?.total ?? null,
    totalCapped: result.meta?.totalCapped ?? false,
  };
}

export function adminProductsQueryOptions(status: ProductStatusFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminProductsQueryKey, 'list', status],
    queryFn: ({ pageParam, signal }) => getAdminProducts(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useAdminProducts(status: ProductStatusFilter) {
  return useInfiniteQuery(adminProductsQueryOptions(status));
}

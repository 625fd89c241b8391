import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { pageContentQuery } from '../../../lib/query-client';
import { productsQueryKey } from './get-products';

// GET /api/products/{id}. The user's token goes along when there is one: an owner sees their own
// listing in any status, with its rejection reason.
export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  const result = await apiRequestOrThrow<ProductDetail>(`/products/${encodeURIComponent(id)}`, { signal });
  return result.data;
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...productsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    ...pageContentQuery,
  });
}

export function useProduct(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productQueryOptions(id), enabled: options.enabled ?? true });
}

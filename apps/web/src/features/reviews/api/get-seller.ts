import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@marketplace/shared/schemas/reviews';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { pageContentQuery } from '../../../lib/query-client';
import { reviewsQueryKey } from './get-order-review';

// GET /api/sellers/{username}: the public seller page's header: who, since when, bank verified, rating.
export async function getSeller(username: string, signal?: AbortSignal): Promise<SellerProfile> {
  const result = await apiRequestOrThrow<SellerProfile>(`/sellers/${encodeURIComponent(username)}`, {
    signal,
  });
  return result.data;
}

export function sellerQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'seller', username],
    queryFn: ({ signal }) => getSeller(username, signal),
    ...pageContentQuery,
  });
}

export function useSeller(username: string) {
  return useQuery(sellerQueryOptions(username));
}

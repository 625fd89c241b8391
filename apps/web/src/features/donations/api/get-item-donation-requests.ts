import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDonationRequests } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsQueryKey } from './get-my-donation-requests';
import { donationRequestsPath } from './use-donation-decision';

// GET /api/products/{id}/requests: a donated item's requests, for its giver only.
export async function getItemDonationRequests(
  productId: string,
  signal?: AbortSignal,
): Promise<ItemDonationRequests> {
  const result = await apiRequestOrThrow<ItemDonationRequests>(donationRequestsPath(productId), { signal });
  return result.data;
}

export function itemDonationRequestsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...donationRequestsQueryKey, 'item', productId],
    queryFn: ({ signal }) => getItemDonationRequests(productId, signal),
  });
}

export function useItemDonationRequests(productId: string) {
  return useQuery(itemDonationRequestsQueryOptions(productId));
}

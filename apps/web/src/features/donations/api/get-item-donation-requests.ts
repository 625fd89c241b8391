import { useInfiniteQuery } from '@tanstack/react-query';
import type { ItemDonationRequests } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { nextPageCursor } from '../../../lib/cursor-pages';
import { donationRequestsQueryKey } from './get-my-donation-requests';
import { donationRequestsPath } from './use-donation-decision';

export const ITEM_DONATION_REQUESTS_PAGE_SIZE = 20;

// GET /api/products/{id}/requests?pageSize&cursor: where a donated item's giveaway stands and a page of its
// requests, newest first, for its giver only (decision 090).
async function getItemDonationRequests(
  productId: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ItemDonationRequests> {
  const params = new URLSearchParams({ pageSize: String(ITEM_DONATION_REQUESTS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<ItemDonationRequests>(
    `${donationRequestsPath(productId)}?${params.toString()}`,
    { signal },
  );
  return result.data;
}

export function useItemDonationRequests(productId: string) {
  return useInfiniteQuery({
    queryKey: [...donationRequestsQueryKey, 'item', productId],
    queryFn: ({ pageParam, signal }) => getItemDonationRequests(productId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

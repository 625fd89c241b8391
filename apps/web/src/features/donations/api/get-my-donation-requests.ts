import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MyDonationRequest } from '@marketplace/shared/schemas/donations';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

export const donationRequestsQueryKey = ['donation-requests'] as const;
const mineQueryKey = [...donationRequestsQueryKey, 'mine'] as const;

export const MY_DONATION_REQUESTS_PAGE_SIZE = 20;

// GET /api/donation-requests?pageSize&cursor: the logged-in user's own requests for donated items, newest first,
// a page at a time (decision 090).
export function useMyDonationRequests() {
  return useInfiniteQuery({
    queryKey: [...mineQueryKey, 'pages'],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<MyDonationRequest>('/donation-requests', {
        pageSize: MY_DONATION_REQUESTS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

// GET /api/donation-requests?productId: the logged-in user's request for one item, or null when they made none.
export function useMyDonationRequestFor(productId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...mineQueryKey, 'item', productId],
    queryFn: async ({ signal }) => {
      const page = await fetchCursorPage<MyDonationRequest>('/donation-requests', {
        pageSize: 1,
        cursor: undefined,
        query: { productId },
        signal,
      });
      return page.items[0] ?? null;
    },
    enabled: options.enabled ?? true,
  });
}

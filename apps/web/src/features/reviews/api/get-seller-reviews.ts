import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@marketplace/shared/schemas/reviews';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-order-review';

export const SELLER_REVIEWS_PAGE_SIZE = 10;

// GET /api/sellers/{username}/reviews?page: newest first.
export async function getSellerReviews(username: string, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(SELLER_REVIEWS_PAGE_SIZE) });
  const result = await apiRequestOrThrow<Review[]>(
    `/sellers/${encodeURIComponent(username)}/reviews?${query.toString()}`,
    { signal },
  );
  return { items: result.data, total: result.meta?.total ?? result.data.length };
}

export function sellerReviewsQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'seller', username, 'list', page],
    queryFn: ({ signal }) => getSellerReviews(username, page, signal),
    meta: { hasErrorToast: false },
    placeholderData: keepPreviousData,
  });
}

export function useSellerReviews(username: string, page: number) {
  return useQuery(sellerReviewsQueryOptions(username, page));
}

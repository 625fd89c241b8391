import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderReview } from '@marketplace/shared/schemas/reviews';
import { apiRequestOrThrow } from '../../../lib/api-client';

export const reviewsQueryKey = ['reviews'] as const;

// GET /api/orders/{orderId}/review: the buyer's order, whether it may be rated now, the review once written.
export async function getOrderReview(orderId: string, signal?: AbortSignal): Promise<OrderReview> {
  const result = await apiRequestOrThrow<OrderReview>(`/orders/${encodeURIComponent(orderId)}/review`, {
    signal,
  });
  return result.data;
}

export function orderReviewQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...reviewsQueryKey, 'order', orderId],
    queryFn: ({ signal }) => getOrderReview(orderId, signal),
    meta: { hasErrorToast: false },
  });
}

export function useOrderReview(orderId: string) {
  return useQuery(orderReviewQueryOptions(orderId));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '@marketplace/shared/schemas/reviews';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-order-review';

// POST /api/orders/{orderId}/review: the buyer's stars and short text, once per order.
export function createReview({ orderId, review }: { orderId: string; review: ReviewInput }) {
  return apiRequestOrThrow<Review>(`/orders/${encodeURIComponent(orderId)}/review`, {
    method: 'POST',
    body: review,
  });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The form shows what went wrong beside the fields.
    meta: { hasErrorToast: false },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

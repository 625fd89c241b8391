import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewReplyInput } from '@marketplace/shared/schemas/reviews';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { reviewsQueryKey } from './get-order-review';

// POST /api/reviews/{id}/reply: the seller's one answer.
export function replyToReview({ reviewId, reply }: { reviewId: string; reply: ReviewReplyInput }) {
  return apiRequestOrThrow<Review>(`/reviews/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    body: reply,
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    meta: { hasErrorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@marketplace/shared/schemas/offers';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { offersQueryKey } from './get-offers';

export type OfferAnswer =
  | { id: string; action: 'accept' | 'decline' | 'withdraw' }
  | { id: string; action: 'counter'; amount: number };

// POST /api/offers/{id}/accept | decline | withdraw | counter (decision 061): one party's answer.
export function answerOffer(answer: OfferAnswer) {
  return apiRequestOrThrow<Offer>(`/offers/${encodeURIComponent(answer.id)}/${answer.action}`, {
    method: 'POST',
    ...(answer.action === 'counter' ? { body: { amount: answer.amount } } : {}),
  });
}

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

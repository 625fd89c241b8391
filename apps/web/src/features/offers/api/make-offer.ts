import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferInput } from '@marketplace/shared/schemas/offers';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { offersQueryKey } from './get-offers';

// POST /api/products/{id}/offers (decision 061): 'Make an offer' on a listing for sale.
export function makeOffer({ productId, offer }: { productId: string; offer: OfferInput }) {
  return apiRequestOrThrow<Offer>(`/products/${encodeURIComponent(productId)}/offers`, {
    method: 'POST',
    body: offer,
  });
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DonationRequestInput } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsQueryKey } from './get-my-donation-requests';
import { donationRequestsPath } from './use-donation-decision';

// POST /api/products/{id}/requests (decision 025): 'Request this item' with a short reason.
export function requestDonation({
  productId,
  request,
}: {
  productId: string;
  request: DonationRequestInput;
}) {
  return apiRequestOrThrow<{ id: string }>(donationRequestsPath(productId), {
    method: 'POST',
    body: request,
  });
}

export function useRequestDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDonation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationRequestsQueryKey }),
  });
}

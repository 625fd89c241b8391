import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsPath, useDonationDecision } from './use-donation-decision';

// POST /api/products/{id}/requests/{requestId}/decline: the requester is told kindly.
export function declineDonationRequest({ productId, requestId }: { productId: string; requestId: string }) {
  return apiRequestOrThrow<null>(
    `${donationRequestsPath(productId)}/${encodeURIComponent(requestId)}/decline`,
    {
      method: 'POST',
    },
  );
}

export const useDeclineDonationRequest = () => useDonationDecision(declineDonationRequest);

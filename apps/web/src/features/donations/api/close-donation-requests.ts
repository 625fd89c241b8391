import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsPath, useDonationDecision } from './use-donation-decision';

// POST /api/products/{id}/requests/close: no more requests, pending ones declined kindly, off the lists.
export function closeDonationRequests({ productId }: { productId: string }) {
  return apiRequestOrThrow<null>(`${donationRequestsPath(productId)}/close`, { method: 'POST' });
}

export const useCloseDonationRequests = () => useDonationDecision(closeDonationRequests);

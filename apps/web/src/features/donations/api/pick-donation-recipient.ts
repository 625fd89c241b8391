import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsPath, useDonationDecision } from './use-donation-decision';

// POST /api/products/{id}/requests/{requestId}/pick: the giver's recipient; answers the hand-over conversation.
export function pickDonationRecipient({ productId, requestId }: { productId: string; requestId: string }) {
  return apiRequestOrThrow<{ recipientId: string; conversationId: string }>(
    `${donationRequestsPath(productId)}/${encodeURIComponent(requestId)}/pick`,
    { method: 'POST' },
  );
}

export const usePickDonationRecipient = () => useDonationDecision(pickDonationRecipient);

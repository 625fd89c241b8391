import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { donationRequestsQueryKey } from './get-my-donation-requests';

// DELETE /api/donation-requests/{id}: a requester withdraws their pending request.
export function withdrawDonationRequest(requestId: string) {
  return apiRequestOrThrow<null>(`/donation-requests/${encodeURIComponent(requestId)}`, { method: 'DELETE' });
}

export function useWithdrawDonationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawDonationRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationRequestsQueryKey }),
  });
}

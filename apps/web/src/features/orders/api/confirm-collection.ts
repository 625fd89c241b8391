import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/orders/{orderId}/collected: the buyer confirms a pickup order collected (decision 026); then
// they may rate the seller.
export function confirmCollection(orderId: string) {
  return apiRequestOrThrow<{ id: string; deliveredAt: string }>(
    `/orders/${encodeURIComponent(orderId)}/collected`,
    { method: 'POST' },
  );
}

export function useConfirmCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCollection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

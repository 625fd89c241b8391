import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutStatus } from '@marketplace/shared/schemas/payouts';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/orders/{orderId}/confirm-receipt: the buyer has the item, so the seller's held payout is
// released at once (buyer protection, decision 058).
export function confirmReceipt(orderId: string) {
  return apiRequestOrThrow<{ id: string; deliveredAt: string; payoutStatus: PayoutStatus | null }>(
    `/orders/${encodeURIComponent(orderId)}/confirm-receipt`,
    { method: 'POST' },
  );
}

export function useConfirmReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceipt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

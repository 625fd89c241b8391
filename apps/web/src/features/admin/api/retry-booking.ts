import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminTransactionsQueryKey } from './get-admin-transactions';

// POST /api/admin/orders/{orderId}/retry-booking: books a courier delivery whose booking failed for good
// again (the courier is quoted afresh). 409 when the booking has not failed.
export function retryBooking(orderId: string) {
  return apiRequestOrThrow<{ orderId: string; bookingStatus: 'pending' }>(
    `/admin/orders/${encodeURIComponent(orderId)}/retry-booking`,
    { method: 'POST', audience: 'admin' },
  );
}

export function useRetryBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTransactionsQueryKey }),
  });
}

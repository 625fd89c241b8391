import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyTransactionResult } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from './api-client';

// GET /api/verify-transaction/{reference} (the buyer, the seller or an admin): the stored transaction once
// the server has asked the payment provider, and the delivery line (bookingStatus). It lives in lib rather
// than in a feature because the payments' confirmation and the transactions' details page both read it.
export async function verifyTransaction(
  reference: string,
  signal?: AbortSignal,
): Promise<VerifyTransactionResult> {
  const result = await apiRequestOrThrow<VerifyTransactionResult>(
    `/verify-transaction/${encodeURIComponent(reference)}`,
    { signal },
  );
  return result.data;
}

export function verifyTransactionQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['transactions', 'verify', reference],
    queryFn: ({ signal }) => verifyTransaction(reference, signal),
    // The pages say themselves what went wrong.
    meta: { hasErrorToast: false },
  });
}

// While a payment is still pending (the provider's webhook may be a moment behind the browser), the page
// asks again every few seconds, a limited number of times.
export const PENDING_RECHECK_MS = 3000;
export const PENDING_RECHECKS = 10;

export function useVerifyTransaction(
  reference: string,
  options: { enabled?: boolean; recheckPending?: boolean } = {},
) {
  return useQuery({
    ...verifyTransactionQueryOptions(reference),
    enabled: (options.enabled ?? true) && reference !== '',
    // So is a courier booking in progress (a job books it a moment after the payment), a little longer.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!options.recheckPending || !data) return false;
      const isPaymentPending =
        data.transactionDetails.status === 'pending' && query.state.dataUpdateCount <= PENDING_RECHECKS;
      const isBookingPending =
        data.bookingStatusCode === 'BOOKING_PENDING' && query.state.dataUpdateCount <= PENDING_RECHECKS * 4;
      return isPaymentPending || isBookingPending ? PENDING_RECHECK_MS : false;
    },
  });
}

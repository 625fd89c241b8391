import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTransactionStatus } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { PENDING_RECHECK_MS, PENDING_RECHECKS } from '../../../lib/verify-transaction';

// GET /api/transaction/verify/{reference} (spec §7, no login): only the status and the amount, for a
// confirmation page opened without a session.
export async function getTransactionStatus(
  reference: string,
  signal?: AbortSignal,
): Promise<PublicTransactionStatus> {
  const result = await apiRequestOrThrow<PublicTransactionStatus>(
    `/transaction/verify/${encodeURIComponent(reference)}`,
    { audience: 'none', signal },
  );
  return result.data;
}

export function transactionStatusQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ['transactions', 'status', reference],
    queryFn: ({ signal }) => getTransactionStatus(reference, signal),
    meta: { hasErrorToast: false },
  });
}

export function useTransactionStatus(reference: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...transactionStatusQueryOptions(reference),
    enabled: (options.enabled ?? true) && reference !== '',
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount <= PENDING_RECHECKS
        ? PENDING_RECHECK_MS
        : false,
  });
}

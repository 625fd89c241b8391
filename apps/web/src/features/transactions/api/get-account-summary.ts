import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSummary } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/account-summary: the logged-in seller's sales, their 90 percent, the platform's 10 percent and
// what is still to be paid out (kobo).
export async function getAccountSummary(signal?: AbortSignal): Promise<AccountSummary> {
  const result = await apiRequestOrThrow<AccountSummary>('/account-summary', { signal });
  return result.data;
}

export function accountSummaryQueryOptions() {
  return queryOptions({ queryKey: ['account-summary'], queryFn: ({ signal }) => getAccountSummary(signal) });
}

export function useAccountSummary() {
  return useQuery(accountSummaryQueryOptions());
}

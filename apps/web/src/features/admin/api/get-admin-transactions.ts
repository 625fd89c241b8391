import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/admin/all-transactions: every payment, with its buyer and order.

export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;

export async function getAdminTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const result = await apiRequestOrThrow<Transaction[]>('/admin/all-transactions', {
    audience: 'admin',
    signal,
  });
  return result.data;
}

export function adminTransactionsQueryOptions() {
  return queryOptions({
    queryKey: adminTransactionsQueryKey,
    queryFn: ({ signal }) => getAdminTransactions(signal),
  });
}

export function useAdminTransactions() {
  return useQuery(adminTransactionsQueryOptions());
}

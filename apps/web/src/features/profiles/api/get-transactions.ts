import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/transactions: the logged-in user's payments (amounts in kobo).
export async function getTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const result = await apiRequestOrThrow<Transaction[]>('/transactions', { signal });
  return result.data;
}

export function transactionsQueryOptions() {
  return queryOptions({ queryKey: ['transactions'], queryFn: ({ signal }) => getTransactions(signal) });
}

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}

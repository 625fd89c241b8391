import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTransaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/transactions?page&pageSize: the logged-in user's payments, as buyer and as seller (`role`),
// newest first (amounts in kobo).

export const TRANSACTIONS_PAGE_SIZE = 20;

export type TransactionsPage = { items: UserTransaction[]; page: number; pageSize: number; total: number };

export async function getTransactions(page: number, signal?: AbortSignal): Promise<TransactionsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(TRANSACTIONS_PAGE_SIZE) });
  const result = await apiRequestOrThrow<UserTransaction[]>(`/transactions?${query.toString()}`, { signal });
  return {
    items: result.data,
    page: result.meta?.page ?? page,
    pageSize: result.meta?.pageSize ?? TRANSACTIONS_PAGE_SIZE,
    total: result.meta?.total ?? result.data.length,
  };
}

export function transactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['transactions', 'list', page],
    queryFn: ({ signal }) => getTransactions(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(page: number) {
  return useQuery(transactionsQueryOptions(page));
}

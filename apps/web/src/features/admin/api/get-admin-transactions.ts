import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/admin/all-transactions?page&pageSize: every payment, newest first, with its buyer and order.

export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;

export type AdminTransactionsPage = { items: Transaction[]; page: number; pageSize: number; total: number };

export async function getAdminTransactions(
  page: number,
  signal?: AbortSignal,
): Promise<AdminTransactionsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_TRANSACTIONS_PAGE_SIZE) });
  const result = await apiRequestOrThrow<Transaction[]>(`/admin/all-transactions?${query.toString()}`, {
    audience: 'admin',
    signal,
  });
  return {
    items: result.data,
    page: result.meta?.page ?? page,
    pageSize: result.meta?.pageSize ?? ADMIN_TRANSACTIONS_PAGE_SIZE,
    total: result.meta?.total ?? result.data.length,
  };
}

export function adminTransactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...adminTransactionsQueryKey, page],
    queryFn: ({ signal }) => getAdminTransactions(page, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminTransactions(page: number) {
  return useQuery(adminTransactionsQueryOptions(page));
}

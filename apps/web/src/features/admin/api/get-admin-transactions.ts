import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/admin/all-transactions?page&pageSize[&reference]: every payment, newest first, with its buyer and
// order; or the one payment of a reference (where an admin notification about a payment links).

export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;

export type AdminTransactionsPage = { items: Transaction[]; page: number; pageSize: number; total: number };

export async function getAdminTransactions(
  page: number,
  reference?: string,
  signal?: AbortSignal,
): Promise<AdminTransactionsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_TRANSACTIONS_PAGE_SIZE) });
  if (reference) query.set('reference', reference);
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

export function adminTransactionsQueryOptions(page: number, reference?: string) {
  return queryOptions({
    queryKey: [...adminTransactionsQueryKey, page, reference ?? null],
    queryFn: ({ signal }) => getAdminTransactions(page, reference, signal),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminTransactions(page: number, reference?: string) {
  return useQuery(adminTransactionsQueryOptions(page, reference));
}

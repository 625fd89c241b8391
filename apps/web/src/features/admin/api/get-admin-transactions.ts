import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/admin/all-transactions?pageSize&cursor[&reference]: every payment, newest first, with its buyer
// and order, a page at a time by cursor like the other admin lists; or the one payment of a reference
// (where an admin notification about a payment links).

export const adminTransactionsQueryKey = ['admin', 'transactions'] as const;
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 50;

export type AdminTransactionsPage = { items: Transaction[]; nextCursor: string | null };

export async function getAdminTransactions(
  cursor: string | undefined,
  reference?: string,
  signal?: AbortSignal,
): Promise<AdminTransactionsPage> {
  const { items, nextCursor } = await fetchCursorPage<Transaction>('/admin/all-transactions', {
    pageSize: ADMIN_TRANSACTIONS_PAGE_SIZE,
    cursor,
    query: reference ? { reference } : {},
    audience: 'admin',
    signal,
  });
  return { items, nextCursor };
}

export function adminTransactionsQueryOptions(reference?: string) {
  return infiniteQueryOptions({
    queryKey: [...adminTransactionsQueryKey, reference ?? null],
    queryFn: ({ pageParam, signal }) => getAdminTransactions(pageParam, reference, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useAdminTransactions(reference?: string) {
  return useInfiniteQuery(adminTransactionsQueryOptions(reference));
}

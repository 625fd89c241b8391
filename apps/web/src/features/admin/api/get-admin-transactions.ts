import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

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
  const query = new URLSearchParams({ pageSize: String(ADMIN_TRANSACTIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (reference) query.set('reference', reference);
  const result = await apiRequestOrThrow<Transaction[]>(`/admin/all-transactions?${query.toString()}`, {
    audience: 'admin',
    signal,
  });
  return { items: result.data, nextCursor: result.meta?.nextCursor ?? null };
}

export function adminTransactionsQueryOptions(reference?: string) {
  return infiniteQueryOptions({
    queryKey: [...adminTransactionsQueryKey, reference ?? null],
    queryFn: ({ pageParam, signal }) => getAdminTransactions(pageParam, reference, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useAdminTransactions(reference?: string) {
  return useInfiniteQuery(adminTransactionsQueryOptions(reference));
}

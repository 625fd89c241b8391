import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@marketplace/shared/schemas/payments';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/orders/user/{userId}: the orders the user placed as a buyer (amounts in kobo), newest first, a page at
// a time by cursor (issue 34); the tab's Load more reads the next.

export const ORDERS_PAGE_SIZE = 30;

// Note: not ['orders', 'user', …]: an earlier version of the app kept its plain list offline under that key
// (lib/offline-copies.ts); such a copy is no longer kept, and is never read as pages.
export const ordersQueryKey = (userId: string) => ['orders', 'pages', userId] as const;

export function ordersQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: ordersQueryKey(userId),
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<Order>(`/orders/user/${encodeURIComponent(userId)}`, {
        pageSize: ORDERS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useOrders(userId: string) {
  return useInfiniteQuery(ordersQueryOptions(userId));
}

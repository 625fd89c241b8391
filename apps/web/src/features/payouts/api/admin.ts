import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayout,
  Dispute,
  PAYOUT_FILTERS,
  PayoutStatus,
  ResolveDisputeBody,
} from '@marketplace/shared/schemas/payouts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

export type PayoutFilter = (typeof PAYOUT_FILTERS)[number];
export const ADMIN_PAYOUTS_PAGE_SIZE = 50;

export const ADMIN_DISPUTES_PAGE_SIZE = 50;

// GET /api/admin/disputes?pageSize&cursor: open ones first, oldest first among them, then settled ones, a page
// at a time.
export function useAdminDisputes() {
  return useInfiniteQuery({
    queryKey: ['admin', 'disputes', 'list'],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<Dispute>('/admin/disputes', {
        pageSize: ADMIN_DISPUTES_PAGE_SIZE,
        cursor: pageParam,
        audience: 'admin',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

// POST /api/admin/disputes/{id}/resolve: refund, release, or a partial refund of `amount` kobo.
export function useResolveDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveDisputeBody) =>
      apiRequestOrThrow<Dispute>(`/admin/disputes/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        body,
        audience: 'admin',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
  });
}

type PayoutsPage = { items: AdminPayout[]; nextCursor: string | null };

// GET /api/admin/payouts?status&pageSize&cursor: newest first, a page at a time.
export function adminPayoutsQueryOptions(filter: PayoutFilter | undefined) {
  return infiniteQueryOptions({
    queryKey: ['admin', 'payouts', filter ?? 'all'],
    queryFn: async ({ pageParam, signal }): Promise<PayoutsPage> => {
      const { items, nextCursor } = await fetchCursorPage<AdminPayout>('/admin/payouts', {
        pageSize: ADMIN_PAYOUTS_PAGE_SIZE,
        cursor: pageParam,
        query: filter ? { status: filter } : {},
        audience: 'admin',
        signal,
      });
      return { items, nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useAdminPayouts(filter: PayoutFilter | undefined) {
  return useInfiniteQuery(adminPayoutsQueryOptions(filter));
}

// POST /api/admin/payouts/{id}/retry: a failed payout is sent again under a new reference.
export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequestOrThrow<{ id: string; status: PayoutStatus }>(
        `/admin/payouts/${encodeURIComponent(id)}/retry`,
        { method: 'POST', audience: 'admin' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}

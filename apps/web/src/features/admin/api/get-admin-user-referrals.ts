import { useInfiniteQuery } from '@tanstack/react-query';
import type { Referral } from '@marketplace/shared/schemas/accounts';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

export const ADMIN_USER_REFERRALS_PAGE_SIZE = 50;

// GET /api/admin/users/{id}/referrals?pageSize&cursor: the user's referrals, newest first, a page at a time (the
// users list carries their first 50 and their count).
export function useAdminUserReferrals(userId: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'users', userId, 'referrals'],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<Referral>(`/admin/users/${encodeURIComponent(userId)}/referrals`, {
        pageSize: ADMIN_USER_REFERRALS_PAGE_SIZE,
        cursor: pageParam,
        audience: 'admin',
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

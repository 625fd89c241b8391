import { useInfiniteQuery } from '@tanstack/react-query';
import type { Referral } from '@marketplace/shared/schemas/accounts';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

export const REFERRALS_PAGE_SIZE = 30;

// GET /api/users/referrals?pageSize&cursor: the users who registered with the caller's refID, newest first, a
// page at a time (the profile carries only the newest 50).
export function useReferrals() {
  return useInfiniteQuery({
    queryKey: ['referrals', 'pages'],
    queryFn: ({ pageParam, signal }) =>
      fetchCursorPage<Referral>('/users/referrals', {
        pageSize: REFERRALS_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

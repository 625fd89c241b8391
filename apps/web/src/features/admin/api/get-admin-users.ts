import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@marketplace/shared/schemas/admin';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/admin/users: every user (oldest first, paged by cursor), with the upline and the referrals'
// usernames, and whether the bank's account name differs from the profile's name.

export const adminUsersQueryKey = ['admin', 'users'] as const;

export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUserPage = { items: AdminUser[]; nextCursor: string | null; total: number | null };

export async function getAdminUsers(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  return fetchCursorPage<AdminUser>('/admin/users', {
    pageSize: ADMIN_USERS_PAGE_SIZE,
    cursor,
    audience: 'admin',
    signal,
  });
}

export function adminUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions());
}

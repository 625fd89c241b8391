import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@marketplace/shared/schemas/admin';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/admin/users: every user (oldest first, paged by cursor), with the upline and the referrals'
// usernames, and whether the bank's account name differs from the profile's name.

export const adminUsersQueryKey = ['admin', 'users'] as const;

export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUserPage = { items: AdminUser[]; nextCursor: string | null; total: number | null };

export async function getAdminUsers(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminUserPage> {
  const params = new URLSearchParams({ pageSize: String(ADMIN_USERS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<AdminUser[]>(`/admin/users?${params.toString()}`, {
    audience: 'admin',
    signal,
  });
  return {
    items: result.data,
    nextCursor: result.meta?.nextCursor ?? null,
    total: result.meta?.total ?? null,
  };
}

export function adminUsersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@marketplace/shared/schemas/admin';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/admin/users: every user, with the upline and the referrals' usernames.

export const adminUsersQueryKey = ['admin', 'users'] as const;

export async function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  const result = await apiRequestOrThrow<AdminUser[]>('/admin/users', { audience: 'admin', signal });
  return result.data;
}

export function adminUsersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: ({ signal }) => getAdminUsers(signal) });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}

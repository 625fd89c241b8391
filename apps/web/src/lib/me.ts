import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from './api-client';
import { useSession } from './session';

// GET /api/userProfile/profile. It lives in lib rather than in a feature because the header (unread
// badge, picture, username) and several features read the logged-in user's own profile.

export const meQueryKey = ['me'] as const;

export async function getMe(signal?: AbortSignal): Promise<Me> {
  const result = await apiRequestOrThrow<Me>('/userProfile/profile', { signal });
  return result.data;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...meQueryOptions(), enabled: isLoggedIn });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const favouritesQueryKey = ['favourites'] as const;

// GET /api/favourites/ids: the ids of the listings the user saved, for the hearts on cards (decision 026).
export async function getSavedIds(signal?: AbortSignal): Promise<string[]> {
  const result = await apiRequestOrThrow<string[]>('/favourites/ids', { signal });
  return result.data;
}

export function savedIdsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...favouritesQueryKey, 'ids', userId],
    queryFn: ({ signal }) => getSavedIds(signal),
    // The hearts show 'not saved' until it answers; a failure is no reason to interrupt the page.
    meta: { hasErrorToast: false },
    staleTime: 5 * 60_000,
  });
}

// Asked only for a logged-in user, once, after the page is drawn: a visitor's first view makes no extra call.
export function useSavedIds() {
  const { user } = useSession();
  const query = useQuery({ ...savedIdsQueryOptions(user?.id ?? ''), enabled: user !== null });
  return { savedIds: new Set(query.data ?? []), isLoggedIn: user !== null, userId: user?.id ?? null };
}

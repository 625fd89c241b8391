import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserImpact } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/impact/me: what the logged-in user passed on (sold, gave) and received (bought, was given).
export async function getMyImpact(signal?: AbortSignal): Promise<UserImpact> {
  const result = await apiRequestOrThrow<UserImpact>('/impact/me', { signal });
  return result.data;
}

export function myImpactQueryOptions() {
  return queryOptions({ queryKey: ['impact', 'mine'], queryFn: ({ signal }) => getMyImpact(signal) });
}

export function useMyImpact() {
  return useQuery(myImpactQueryOptions());
}

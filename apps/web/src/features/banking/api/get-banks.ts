import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bank } from '@marketplace/shared/schemas/banking';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/userProfile/banks (spec §7: the current source of the bank list).
export const banksQueryKey = ['banks'] as const;

export async function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  const result = await apiRequestOrThrow<Bank[]>('/userProfile/banks', { signal, audience: 'none' });
  return result.data;
}

export function banksQueryOptions() {
  // The list of Nigerian banks hardly changes; one fetch per visit is plenty.
  return queryOptions({
    queryKey: banksQueryKey,
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: 60 * 60_000,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}

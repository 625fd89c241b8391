import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformImpact } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/impact (decision 025): the platform's items sold and given away, CO2e and waste kept, per category.
export async function getImpact(signal?: AbortSignal): Promise<PlatformImpact> {
  const result = await apiRequestOrThrow<PlatformImpact>('/impact', { audience: 'none', signal });
  return result.data;
}

export function impactQueryOptions() {
  return queryOptions({
    queryKey: ['impact'],
    queryFn: ({ signal }) => getImpact(signal),
    staleTime: 5 * 60_000,
  });
}

export function useImpact(options: { enabled?: boolean; hasErrorToast?: boolean } = {}) {
  return useQuery({
    ...impactQueryOptions(),
    enabled: options.enabled ?? true,
    meta: { hasErrorToast: options.hasErrorToast ?? true },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from './api-client';

// GET /api/site-config: public settings of the server (the donation request form's address, whether buyer
// protection holds payments: decision 058), read by any feature.
export async function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  const result = await apiRequestOrThrow<SiteConfig>('/site-config', { audience: 'none', signal });
  return result.data;
}

export function siteConfigQueryOptions() {
  // It changes only when the server is reconfigured.
  return queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: Infinity,
  });
}

export function useSiteConfig(options: { enabled?: boolean } = {}) {
  return useQuery({ ...siteConfigQueryOptions(), enabled: options.enabled ?? true });
}

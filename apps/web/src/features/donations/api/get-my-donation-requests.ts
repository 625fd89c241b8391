import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDonationRequest } from '@marketplace/shared/schemas/donations';
import { apiRequestOrThrow } from '../../../lib/api-client';

export const donationRequestsQueryKey = ['donation-requests'] as const;

// GET /api/donation-requests: the logged-in user's own requests for donated items, newest first.
export async function getMyDonationRequests(signal?: AbortSignal): Promise<MyDonationRequest[]> {
  const result = await apiRequestOrThrow<MyDonationRequest[]>('/donation-requests', { signal });
  return result.data;
}

export function myDonationRequestsQueryOptions() {
  return queryOptions({
    queryKey: [...donationRequestsQueryKey, 'mine'],
    queryFn: ({ signal }) => getMyDonationRequests(signal),
  });
}

export function useMyDonationRequests(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myDonationRequestsQueryOptions(), enabled: options.enabled ?? true });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Courier, CourierType } from '@marketplace/shared/schemas/shipping';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/couriers?type= (spec §7): the couriers for a kind of delivery. A failure shows the server's
// 'Failed to fetch couriers.' in a toast (spec §8).
export async function getCouriers(type: CourierType, signal?: AbortSignal): Promise<Courier[]> {
  const query = new URLSearchParams({ type });
  const result = await apiRequestOrThrow<Courier[]>(`/couriers?${query.toString()}`, {
    signal,
    audience: 'none',
  });
  return result.data;
}

export function couriersQueryOptions(type: CourierType) {
  return queryOptions({
    queryKey: ['couriers', type],
    queryFn: ({ signal }) => getCouriers(type, signal),
    // Courier partners change rarely.
    staleTime: 10 * 60_000,
  });
}

// Asked for once a type is chosen.
export function useCouriers(type: CourierType | '') {
  return useQuery({ ...couriersQueryOptions(type || 'all'), enabled: type !== '' });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/orders/user/{userId}: the orders the user placed as a buyer (amounts in kobo).
export async function getOrders(userId: string, signal?: AbortSignal): Promise<Order[]> {
  const result = await apiRequestOrThrow<Order[]>(`/orders/user/${encodeURIComponent(userId)}`, { signal });
  return result.data;
}

export function ordersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['orders', 'user', userId],
    queryFn: ({ signal }) => getOrders(userId, signal),
  });
}

export function useOrders(userId: string) {
  return useQuery(ordersQueryOptions(userId));
}

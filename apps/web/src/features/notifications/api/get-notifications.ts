import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/notify/notifications: the logged-in user's notifications, newest first.

export const notificationsQueryKey = ['notifications'] as const;

export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const result = await apiRequestOrThrow<Notification[]>('/notify/notifications', { signal });
  return result.data;
}

export function notificationsQueryOptions() {
  return queryOptions({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal) });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

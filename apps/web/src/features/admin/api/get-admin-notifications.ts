import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/notifyAdmin/notifications, polled every 5 seconds while an admin page is open (spec §7, §9).

export const adminNotificationsQueryKey = ['admin', 'notifications'] as const;

export async function getAdminNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const result = await apiRequestOrThrow<Notification[]>('/notifyAdmin/notifications', {
    audience: 'admin',
    signal,
  });
  return result.data;
}

export function adminNotificationsQueryOptions() {
  return queryOptions({
    queryKey: adminNotificationsQueryKey,
    queryFn: ({ signal }) => getAdminNotifications(signal),
    refetchInterval: ADMIN_NOTIFICATION_POLL_MS,
  });
}

export function useAdminNotifications() {
  return useQuery(adminNotificationsQueryOptions());
}

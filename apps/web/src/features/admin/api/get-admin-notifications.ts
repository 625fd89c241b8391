import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { useFallbackPolling } from '../../../hooks/use-live-event';
import { apiRequestOrThrow } from '../../../lib/api-client';
import type { NotificationPage, NotificationPages } from '../../../lib/notification-pages';

// GET /api/notifyAdmin/notifications, paged by cursor (newest first). New notices arrive live
// (live-admin-notifications.ts); while the live stream is down the list is polled every 5 seconds on
// every admin page (spec §7, §9). `unread` counts every unread notice, not only the loaded ones.

export const adminNotificationsQueryKey = ['admin', 'notifications'] as const;

export const ADMIN_NOTIFICATIONS_PAGE_SIZE = 50;

export type AdminNotificationPage = NotificationPage & { unread: number };
export type AdminNotificationPages = NotificationPages<AdminNotificationPage>;

export async function getAdminNotifications(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminNotificationPage> {
  const params = new URLSearchParams({ pageSize: String(ADMIN_NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<Notification[]>(`/notifyAdmin/notifications?${params.toString()}`, {
    audience: 'admin',
    signal,
  });
  const unread = result.meta?.unread ?? result.data.filter((notification) => !notification.read).length;
  return { items: result.data, nextCursor: result.meta?.nextCursor ?? null, unread };
}

export function adminNotificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminNotificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useAdminNotifications() {
  const refetchInterval = useFallbackPolling(ADMIN_NOTIFICATION_POLL_MS, 'admin');
  return useInfiniteQuery({ ...adminNotificationsQueryOptions(), refetchInterval });
}

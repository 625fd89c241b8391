import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import type { NotificationPage, NotificationPages } from '../../../lib/notification-pages';

// GET /api/notify/notifications: the logged-in user's notifications, newest first, a page at a time by cursor
// (issue 34); the page's Load more reads the next. New ones arrive live at the top (live-notifications.ts).

// Note: not ['notifications'] alone: an earlier version of the app kept its plain list offline under that key
// (lib/offline-copies.ts); such a copy is no longer kept, and is never read as pages.
export const notificationsQueryKey = ['notifications', 'pages'] as const;

export const NOTIFICATIONS_PAGE_SIZE = 50;

export type UserNotificationPages = NotificationPages;

export async function getNotifications(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const params = new URLSearchParams({ pageSize: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<Notification[]>(`/notify/notifications?${params.toString()}`, {
    signal,
  });
  return { items: result.data, nextCursor: result.meta?.nextCursor ?? null };
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

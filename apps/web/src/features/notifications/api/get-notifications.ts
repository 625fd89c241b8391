import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';
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
  const { items, nextCursor } = await fetchCursorPage<Notification>('/notify/notifications', {
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    cursor,
    signal,
  });
  return { items, nextCursor };
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

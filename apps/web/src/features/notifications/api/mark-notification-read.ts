import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me, Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';
import { updateLoadedNotifications } from '../../../lib/notification-pages';
import { notificationsQueryKey, type UserNotificationPages } from './get-notifications';

// PATCH /api/notify/notifications/{id}/mark-read.
export function markNotificationRead(id: string) {
  return apiRequestOrThrow<Notification>(`/notify/notifications/${encodeURIComponent(id)}/mark-read`, {
    method: 'PATCH',
  });
}

// Marks notifications read in both caches that hold them: this page's list and the profile behind
// the header's unread badge. Then both are fetched again.
export function markReadInCache(queryClient: QueryClient, isMarked: (notification: Notification) => boolean) {
  const markRead = (notification: Notification) =>
    isMarked(notification) ? { ...notification, read: true } : notification;
  queryClient.setQueryData<UserNotificationPages>(notificationsQueryKey, (pages) =>
    updateLoadedNotifications(pages, markRead),
  );
  queryClient.setQueryData<Me>(
    meQueryKey,
    (me) => me && { ...me, notifications: me.notifications.map(markRead) },
  );
  // Not awaited: the page and the badge show the local change at once; the fresh lists follow.
  void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_result, id) => markReadInCache(queryClient, (notification) => notification.id === id),
  });
}

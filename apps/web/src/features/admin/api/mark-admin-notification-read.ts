import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { updateLoadedNotifications } from '../../../lib/notification-pages';
import { adminNotificationsQueryKey, type AdminNotificationPages } from './get-admin-notifications';

// PATCH /api/notifyAdmin/notifications/{id}/mark-read.
export function markAdminNotificationRead(id: string) {
  return apiRequestOrThrow<Notification>(`/notifyAdmin/notifications/${encodeURIComponent(id)}/mark-read`, {
    method: 'PATCH',
    audience: 'admin',
  });
}

export function useMarkAdminNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAdminNotificationRead,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AdminNotificationPages>(adminNotificationsQueryKey, (pages) =>
        updateLoadedNotifications(pages, (notification) =>
          notification.id === id ? { ...notification, read: true } : notification,
        ),
      );
      // Not awaited: the page shows the local change at once; the fresh list follows.
      void queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey });
    },
  });
}

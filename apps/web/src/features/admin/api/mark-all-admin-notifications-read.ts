import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { updateLoadedNotifications } from '../../../lib/notification-pages';
import { adminNotificationsQueryKey, type AdminNotificationPages } from './get-admin-notifications';

// PATCH /api/notifyAdmin/notifications/mark-all-read with an empty object body (spec §7).
export function markAllAdminNotificationsRead() {
  return apiRequestOrThrow<null>('/notifyAdmin/notifications/mark-all-read', {
    method: 'PATCH',
    body: {},
    audience: 'admin',
  });
}

export function useMarkAllAdminNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAdminNotificationsRead,
    onSuccess: () => {
      // spec §7: afterwards every notification is marked read locally too.
      queryClient.setQueryData<AdminNotificationPages>(adminNotificationsQueryKey, (pages) => {
        const updated = updateLoadedNotifications(pages, (notification) => ({ ...notification, read: true }));
        return updated && { ...updated, pages: updated.pages.map((page) => ({ ...page, unread: 0 })) };
      });
      // Not awaited: the page shows the local change at once; the fresh list follows.
      void queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey });
    },
  });
}

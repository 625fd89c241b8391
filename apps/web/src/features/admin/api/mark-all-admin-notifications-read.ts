import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminNotificationsQueryKey } from './get-admin-notifications';

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
      queryClient.setQueryData<Notification[]>(adminNotificationsQueryKey, (list) =>
        list?.map((notification) => ({ ...notification, read: true })),
      );
      // Not awaited: the page shows the local change at once; the fresh list follows.
      void queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey });
    },
  });
}

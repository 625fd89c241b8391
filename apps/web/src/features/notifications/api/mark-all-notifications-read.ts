import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { markReadInCache } from './mark-notification-read';

// PATCH /api/notify/notifications/mark-read: every notification of the user at once.
export function markAllNotificationsRead() {
  return apiRequestOrThrow<null>('/notify/notifications/mark-read', { method: 'PATCH' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => markReadInCache(queryClient, () => true),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';
import { conversationsQueryKey } from './get-conversations';
import { unreadMessagesQueryKey } from './get-unread-messages';

// POST /api/conversations/{id}/read: the other person's messages here are read (and the notifications
// about them): the badges and the list are read again.
export function markConversationRead(id: string) {
  return apiRequestOrThrow<null>(`/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: unreadMessagesQueryKey });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

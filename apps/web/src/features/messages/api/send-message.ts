import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@marketplace/shared/schemas/messages';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { conversationsQueryKey } from './get-conversations';
import { messagesQueryKey, withNewMessage, type MessagePages } from './get-messages';

// POST /api/conversations/{id}/messages.
export async function sendMessage({ id, text }: { id: string; text: string }): Promise<Message> {
  const result = await apiRequestOrThrow<Message>(`/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { text },
  });
  return result.data;
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendMessage({ id, text }),
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagesQueryKey(id), (pages) => withNewMessage(pages, message));
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    },
  });
}

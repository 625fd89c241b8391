import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { conversationQueryKey } from './get-conversation';

// DELETE /api/conversations/{id}/block.
export function unblockPerson(id: string) {
  return apiRequestOrThrow<null>(`/conversations/${encodeURIComponent(id)}/block`, { method: 'DELETE' });
}

export function useUnblockPerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unblockPerson(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { conversationQueryKey } from './get-conversation';

// POST /api/conversations/{id}/block: the other person can no longer send the user messages.
export function blockPerson(id: string) {
  return apiRequestOrThrow<null>(`/conversations/${encodeURIComponent(id)}/block`, { method: 'POST' });
}

export function useBlockPerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => blockPerson(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) }),
  });
}

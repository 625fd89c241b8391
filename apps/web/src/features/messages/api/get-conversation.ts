import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@marketplace/shared/schemas/messages';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations/{id}: the thread's head (listing, both people, blocks, reports).

export const conversationQueryKey = (id: string) => ['messages', 'conversation', id] as const;

export async function getConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  const result = await apiRequestOrThrow<Conversation>(`/conversations/${encodeURIComponent(id)}`, {
    signal,
  });
  return result.data;
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationQueryKey(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });
}

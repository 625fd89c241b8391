import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@marketplace/shared/schemas/messages';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations/{id} with the admin's token: a reported conversation's head and its reports
// (decision 024; one not reported is a 404).
export async function getAdminConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  const result = await apiRequestOrThrow<Conversation>(`/conversations/${encodeURIComponent(id)}`, {
    audience: 'admin',
    signal,
  });
  return result.data;
}

export function useAdminConversation(id: string) {
  return useQuery({
    queryKey: ['admin', 'conversation', id],
    queryFn: ({ signal }) => getAdminConversation(id, signal),
  });
}

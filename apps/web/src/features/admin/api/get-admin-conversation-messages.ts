import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '@marketplace/shared/schemas/messages';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations/{id}/messages with the admin's token: a reported conversation's messages,
// newest first, paged by cursor.
export async function getAdminConversationMessages(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ pageSize: '50' });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<Message[]>(
    `/conversations/${encodeURIComponent(id)}/messages?${params.toString()}`,
    {
      audience: 'admin',
      signal,
    },
  );
  return { items: result.data, nextCursor: result.meta?.nextCursor ?? null };
}

export function useAdminConversationMessages(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'conversation', id, 'messages'],
      queryFn: ({ pageParam, signal }) => getAdminConversationMessages(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}

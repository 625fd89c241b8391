import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '@marketplace/shared/schemas/messages';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/conversations/{id}/messages with the admin's token: a reported conversation's messages,
// newest first, paged by cursor.
export async function getAdminConversationMessages(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const { items, nextCursor } = await fetchCursorPage<Message>(
    `/conversations/${encodeURIComponent(id)}/messages`,
    { pageSize: 50, cursor, audience: 'admin', signal },
  );
  return { items, nextCursor };
}

export function useAdminConversationMessages(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['admin', 'conversation', id, 'messages'],
      queryFn: ({ pageParam, signal }) => getAdminConversationMessages(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageCursor,
    }),
  );
}

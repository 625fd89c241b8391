import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@marketplace/shared/schemas/messages';
import { NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import { useFallbackPolling } from '../../../hooks/use-live-event';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/conversations: the user's conversations, latest activity first, paged by cursor.

export const conversationsQueryKey = ['messages', 'conversations'] as const;

const PAGE_SIZE = 30;

export type ConversationPage = { items: ConversationSummary[]; nextCursor: string | null };

export async function getConversations(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const { items, nextCursor } = await fetchCursorPage<ConversationSummary>('/conversations', {
    pageSize: PAGE_SIZE,
    cursor,
    signal,
  });
  return { items, nextCursor };
}

export function useConversations() {
  // Live on the event stream; read again every NOTIFICATION_POLL_MS only while the stream is down.
  const refetchInterval = useFallbackPolling(NOTIFICATION_POLL_MS);
  return useInfiniteQuery(
    infiniteQueryOptions({
      refetchInterval,
      queryKey: conversationsQueryKey,
      queryFn: ({ pageParam, signal }) => getConversations(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageCursor,
    }),
  );
}

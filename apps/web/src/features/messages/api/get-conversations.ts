import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@marketplace/shared/schemas/messages';
import { NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import { useFallbackPolling } from '../../../hooks/use-live-event';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations: the user's conversations, latest activity first, paged by cursor.

export const conversationsQueryKey = ['messages', 'conversations'] as const;

const PAGE_SIZE = 30;

export type ConversationPage = { items: ConversationSummary[]; nextCursor: string | null };

export async function getConversations(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  const params = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const result = await apiRequestOrThrow<ConversationSummary[]>(`/conversations?${params.toString()}`, {
    signal,
  });
  return { items: result.data, nextCursor: result.meta?.nextCursor ?? null };
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
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    }),
  );
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Message } from '@marketplace/shared/schemas/messages';
import { NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import { useFallbackPolling } from '../../../hooks/use-live-event';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

// GET /api/conversations/{id}/messages: the thread, newest first, paged by cursor ('Earlier messages').

export const messagesQueryKey = (id: string) => ['messages', 'thread', id] as const;

const PAGE_SIZE = 30;

export type MessagePage = { items: Message[]; nextCursor: string | null };
export type MessagePages = InfiniteData<MessagePage, string | undefined>;

export async function getMessages(
  id: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const { items, nextCursor } = await fetchCursorPage<Message>(
    `/conversations/${encodeURIComponent(id)}/messages`,
    { pageSize: PAGE_SIZE, cursor, signal },
  );
  return { items, nextCursor };
}

export function useMessages(id: string) {
  // Live on the event stream; read again every NOTIFICATION_POLL_MS only while the stream is down.
  const refetchInterval = useFallbackPolling(NOTIFICATION_POLL_MS);
  return useInfiniteQuery(
    infiniteQueryOptions({
      refetchInterval,
      queryKey: messagesQueryKey(id),
      queryFn: ({ pageParam, signal }) => getMessages(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageCursor,
    }),
  );
}

// The loaded thread with one more message on top (the newest page), unless it is already there.
export function withNewMessage(pages: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!pages) return pages;
  if (pages.pages.some((page) => page.items.some((item) => item.id === message.id))) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
}

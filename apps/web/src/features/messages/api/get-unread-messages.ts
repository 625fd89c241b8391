import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@marketplace/shared/constants';
import { useFallbackPolling } from '../../../hooks/use-live-event';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations/unread: how many messages the user has not read (the header's badge).

export const unreadMessagesQueryKey = ['messages', 'unread'] as const;

export async function getUnreadMessages(signal?: AbortSignal): Promise<number> {
  const result = await apiRequestOrThrow<{ unread: number }>('/conversations/unread', { signal });
  return result.data.unread;
}

// Live on the event stream; read again every NOTIFICATION_POLL_MS only while the stream is down.
export function useUnreadMessages({ enabled }: { enabled: boolean }) {
  const refetchInterval = useFallbackPolling(NOTIFICATION_POLL_MS);
  return useQuery({
    queryKey: unreadMessagesQueryKey,
    queryFn: ({ signal }) => getUnreadMessages(signal),
    enabled,
    refetchInterval,
  });
}

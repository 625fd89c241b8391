import { useQuery } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/conversations/unread: how many messages the user has not read (the header's badge).

export const unreadMessagesQueryKey = ['messages', 'unread'] as const;

export async function getUnreadMessages(signal?: AbortSignal): Promise<number> {
  const result = await apiRequestOrThrow<{ unread: number }>('/conversations/unread', { signal });
  return result.data.unread;
}

export function useUnreadMessages({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: unreadMessagesQueryKey,
    queryFn: ({ signal }) => getUnreadMessages(signal),
    enabled,
  });
}

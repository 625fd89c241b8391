import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Dispute,
  DisputeMessage,
  DisputeMessageBody,
  OpenDisputeBody,
} from '@marketplace/shared/schemas/payouts';
import { apiRequestOrThrow, type Audience } from '../../../lib/api-client';
import { fetchCursorPage, nextPageCursor, withNewestPage } from '../../../lib/cursor-pages';

// A dispute is read by its buyer and seller (the user's token) and by admins (the admin's token): each
// reader's copy is kept apart, under 'admin' for an admin, so logging out of the admin area forgets it.
export type DisputeReader = Extract<Audience, 'user' | 'admin'>;

function disputeKey(reader: DisputeReader, id: string) {
  return reader === 'admin' ? (['admin', 'disputes', id] as const) : (['disputes', id] as const);
}

// GET /api/disputes/{id}
export function disputeQueryOptions(reader: DisputeReader, id: string) {
  return queryOptions({
    queryKey: disputeKey(reader, id),
    queryFn: async ({ signal }) =>
      (await apiRequestOrThrow<Dispute>(`/disputes/${encodeURIComponent(id)}`, { audience: reader, signal }))
        .data,
  });
}

export function useDispute(reader: DisputeReader, id: string) {
  return useQuery(disputeQueryOptions(reader, id));
}

// GET /api/disputes/{id}/messages: newest first, a page at a time ('Earlier messages'). While the page is open the
// newest page is read again every DISPUTE_POLL_MS, so the other side's answers appear; the earlier pages the reader
// opened do not change and are not read again (withNewestPage).
const MESSAGES_PAGE_SIZE = 30;
export const DISPUTE_POLL_MS = 15_000;

const threadKey = (reader: DisputeReader, id: string) => [...disputeKey(reader, id), 'messages'] as const;
const newestKey = (reader: DisputeReader, id: string) => [...threadKey(reader, id), 'newest'] as const;

export function useDisputeMessages(reader: DisputeReader, id: string) {
  const queryClient = useQueryClient();
  const fetchPage = (cursor: string | undefined, signal: AbortSignal) =>
    fetchCursorPage<DisputeMessage>(`/disputes/${encodeURIComponent(id)}/messages`, {
      pageSize: MESSAGES_PAGE_SIZE,
      cursor,
      audience: reader,
      signal,
    });
  const thread = infiniteQueryOptions({
    queryKey: threadKey(reader, id),
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
  });
  const pages = useInfiniteQuery(thread);
  useQuery({
    queryKey: newestKey(reader, id),
    queryFn: async ({ signal }) => {
      const newest = await fetchPage(undefined, signal);
      // A read of the thread under way (Earlier messages, a refetch) would write over the merge: the next poll
      // brings what is new.
      if (queryClient.isFetching({ queryKey: thread.queryKey, exact: true }) > 0) return Date.now();
      const merged = withNewestPage(queryClient.getQueryData(thread.queryKey), newest);
      if (merged) queryClient.setQueryData(thread.queryKey, merged);
      else
        await queryClient.invalidateQueries(
          { queryKey: thread.queryKey, exact: true },
          { cancelRefetch: false },
        );
      return Date.now();
    },
    enabled: pages.data !== undefined,
    // Read on the interval only: the thread's own first read is the first poll.
    initialData: 0,
    staleTime: Infinity,
    refetchInterval: DISPUTE_POLL_MS,
  });
  return pages;
}

// POST /api/disputes/{id}/messages: the dispute is read again, and the thread's newest page (or the thread, while it
// has not loaded), which brings the message sent.
export function useAddDisputeMessage(reader: DisputeReader, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeMessageBody) =>
      apiRequestOrThrow<{ id: string }>(`/disputes/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        body,
        audience: reader,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: disputeKey(reader, id), exact: true }),
        queryClient.getQueryData(threadKey(reader, id)) === undefined
          ? queryClient.invalidateQueries({ queryKey: threadKey(reader, id), exact: true })
          : queryClient.refetchQueries({ queryKey: newestKey(reader, id), exact: true }),
      ]),
  });
}

// POST /api/orders/{orderId}/disputes: the buyer reports a problem; the seller's payout is frozen.
export function useOpenDispute(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenDisputeBody) =>
      apiRequestOrThrow<Dispute>(`/orders/${encodeURIComponent(orderId)}/disputes`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

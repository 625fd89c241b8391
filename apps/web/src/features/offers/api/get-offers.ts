import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { NotificationEvent } from '@marketplace/shared/schemas/events';
import type { Offer, OfferListQuery } from '@marketplace/shared/schemas/offers';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { fetchCursorPage, nextPageCursor } from '../../../lib/cursor-pages';

export const offersQueryKey = ['offers'] as const;

// GET /api/offers (decision 061): the caller's offers, made or received; one listing's, one conversation's, or
// the ones made (buying) or received (selling); newest first, a page at a time by cursor (issue 34).
export type OfferFilter = Pick<OfferListQuery, 'role' | 'productId' | 'conversationId'>;

export const OFFERS_PAGE_SIZE = 30;

export function getOffers(filter: OfferFilter, cursor: string | undefined, signal?: AbortSignal) {
  const query = Object.fromEntries(
    Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return fetchCursorPage<Offer>('/offers', { pageSize: OFFERS_PAGE_SIZE, cursor, query, signal });
}

// The offers shown are read again when the other person answers: their answer arrives as a notification on
// the live stream (decision 023).
export function useOffers(filter: OfferFilter, options: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const enabled = options.enabled ?? true;
  useLiveEvent<NotificationEvent>(
    LIVE_EVENT_TYPES.notification,
    ({ notification }) => {
      if (notification.code.startsWith('OFFER_'))
        void queryClient.invalidateQueries({ queryKey: offersQueryKey });
    },
    { enabled },
  );
  return useInfiniteQuery({
    queryKey: [...offersQueryKey, filter],
    queryFn: ({ pageParam, signal }) => getOffers(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageCursor,
    enabled,
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { NotificationEvent } from '@marketplace/shared/schemas/events';
import type { Offer, OfferListQuery } from '@marketplace/shared/schemas/offers';
import { useLiveEvent } from '../../../hooks/use-live-event';
import { apiRequestOrThrow } from '../../../lib/api-client';

export const offersQueryKey = ['offers'] as const;

// GET /api/offers (decision 061): the caller's offers, made or received; one listing's, one conversation's, or
// the ones made (buying) or received (selling).
export async function getOffers(query: OfferListQuery, signal?: AbortSignal): Promise<Offer[]> {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  const result = await apiRequestOrThrow<Offer[]>(`/offers${search ? `?${search}` : ''}`, { signal });
  return result.data;
}

// The offers shown are read again when the other person answers: their answer arrives as a notification on
// the live stream (decision 023).
export function useOffers(query: OfferListQuery, options: { enabled?: boolean } = {}) {
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
  return useQuery({
    queryKey: [...offersQueryKey, query],
    queryFn: ({ signal }) => getOffers(query, signal),
    enabled,
  });
}

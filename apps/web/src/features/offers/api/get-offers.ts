import { useQuery } from '@tanstack/react-query';
import type { Offer, OfferListQuery } from '@marketplace/shared/schemas/offers';
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

export function useOffers(query: OfferListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...offersQueryKey, query],
    queryFn: ({ signal }) => getOffers(query, signal),
    enabled: options.enabled ?? true,
  });
}

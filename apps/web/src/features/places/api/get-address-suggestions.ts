import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlacePrediction, PlacePredictions } from '@marketplace/shared/schemas/profiles';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/places/autocomplete?input=: address suggestions for what the user has typed.
export async function getAddressSuggestions(input: string, signal?: AbortSignal): Promise<PlacePrediction[]> {
  const query = new URLSearchParams({ input });
  const result = await apiRequestOrThrow<PlacePredictions>(`/places/autocomplete?${query.toString()}`, {
    signal,
    audience: 'none',
  });
  return result.data.predictions;
}

// spec §8: a failed lookup is logged and the suggestions cleared; the user is not told.
async function getAddressSuggestionsOrNone(input: string, signal: AbortSignal): Promise<PlacePrediction[]> {
  try {
    return await getAddressSuggestions(input, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('Address suggestions failed', error);
    return [];
  }
}

export function addressSuggestionsQueryOptions(input: string) {
  const text = input.trim();
  return queryOptions({
    queryKey: ['places', 'autocomplete', text],
    queryFn: ({ signal }) => getAddressSuggestionsOrNone(text, signal),
    // spec §7: cleared when the input is empty, so nothing is asked for then.
    enabled: text !== '',
    staleTime: 5 * 60_000,
  });
}

export function useAddressSuggestions(input: string) {
  const query = useQuery({ ...addressSuggestionsQueryOptions(input), placeholderData: keepPreviousData });
  return input.trim() === '' ? [] : (query.data ?? []);
}

import type { FastifyBaseLogger } from 'fastify';
import type { PlacePredictions } from '@marketplace/shared/schemas/profiles';
import type { PlacesProvider } from '../../providers/places/index';

export const MAX_PREDICTIONS = 8;

// Address suggestions for what the user has typed. spec §7: cleared when the input is empty;
// spec §8: a failed lookup is logged and the suggestions are cleared, never an error for the user.
export async function suggestAddresses({
  places,
  log,
  input,
}: {
  places: PlacesProvider;
  log: FastifyBaseLogger;
  input: string;
}): Promise<PlacePredictions> {
  const query = input.trim();
  if (!query) return { predictions: [] };
  try {
    return { predictions: await places.autocomplete(query, { limit: MAX_PREDICTIONS }) };
  } catch (error) {
    log.warn({ err: error, provider: places.kind }, 'address suggestions failed');
    return { predictions: [] };
  }
}

import { z } from 'zod';
import { createProviderClient } from '../http-client';
import type { PlacesProvider } from './index';

// Google Places Autocomplete (New): POST /v1/places:autocomplete. (The legacy place/autocomplete
// endpoint is closed to new Google Cloud projects since March 2025.) includedRegionCodes ['ng'] keeps
// suggestions in Nigeria, as components=country:ng did. Note: the key travels in a header, never in a
// URL that could end up in a log, and never reaches the browser.

export type GooglePlacesOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number };

const AutocompleteReplySchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z.object({ placeId: z.string(), text: z.object({ text: z.string() }) }).optional(),
      }),
    )
    .optional(),
});

export class PlacesProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlacesProviderError';
  }
}

export function createGooglePlaces(options: GooglePlacesOptions): PlacesProvider {
  const baseUrl = (options.baseUrl ?? 'https://places.googleapis.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const call = createProviderClient({
    name: 'google places',
    baseUrl,
    headers: { 'x-goog-api-key': options.apiKey },
    timeoutMs,
    toError: (message, cause) => new PlacesProviderError(message, { cause }),
  });
  return {
    kind: 'google',
    async autocomplete(input, { limit }) {
      const reply = await call('POST', '/v1/places:autocomplete', {
        body: { input, includedRegionCodes: ['ng'], languageCode: 'en' },
      });
      const parsed = AutocompleteReplySchema.safeParse(reply.body);
      if (reply.status < 200 || reply.status >= 300 || !parsed.success) {
        throw new PlacesProviderError(`google places autocomplete answered ${reply.status}`);
      }
      const predictions = (parsed.data.suggestions ?? []).flatMap((suggestion) =>
        suggestion.placePrediction
          ? [
              {
                description: suggestion.placePrediction.text.text,
                place_id: suggestion.placePrediction.placeId,
              },
            ]
          : [],
      );
      return predictions.slice(0, limit);
    },
  };
}

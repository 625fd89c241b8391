import { z } from 'zod';
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
  return {
    kind: 'google',
    async autocomplete(input, { limit }) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(`${baseUrl}/v1/places:autocomplete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey },
          body: JSON.stringify({ input, includedRegionCodes: ['ng'], languageCode: 'en' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.json();
      } catch (error) {
        throw new PlacesProviderError('google places autocomplete failed', { cause: error });
      }
      const parsed = AutocompleteReplySchema.safeParse(body);
      if (!response.ok || !parsed.success) {
        throw new PlacesProviderError(`google places autocomplete answered ${response.status}`);
      }
      const predictions = (parsed.data.suggestions ?? []).flatMap((suggestion) =>
        suggestion.placePrediction
          ? [{ description: suggestion.placePrediction.text.text, place_id: suggestion.placePrediction.placeId }]
          : [],
      );
      return predictions.slice(0, limit);
    },
  };
}

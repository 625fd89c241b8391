import type { PlacePrediction } from '@marketplace/shared/schemas/profiles';
import type { Config } from '../../config';
import { createGooglePlaces } from './google';
import { createSandboxPlaces } from './sandbox';

export type { PlacePrediction };

// The places port (DESIGN.md): Google Places autocomplete, called by the server so the key never
// reaches the browser, when GOOGLE_MAPS_API_KEY is set; otherwise the sandbox gazetteer.
export type PlacesProvider = {
  kind: 'google' | 'sandbox';
  // At most `limit` addresses in Nigeria that match what the user has typed so far.
  autocomplete: (input: string, options: { limit: number }) => Promise<PlacePrediction[]>;
};

export function createPlacesProvider(config: Pick<Config, 'googleMapsApiKey'>): PlacesProvider {
  return config.googleMapsApiKey
    ? createGooglePlaces({ apiKey: config.googleMapsApiKey })
    : createSandboxPlaces();
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlacePredictionsSchema, PlacesQuerySchema } from '@marketplace/shared/schemas/profiles';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { rateLimitFor } from '../../plugins/security';
import { suggestAddresses } from './service';

export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Used by the profile's address field and the courier rate form (a visitor page), so no login;
  // Note: a limit of its own, as each lookup may be a paid call to Google.
  app.get(
    '/places/autocomplete',
    {
      config: { rateLimit: rateLimitFor(app.config.rateLimits.placesAutocomplete) },
      schema: {
        tags: ['places'],
        querystring: PlacesQuerySchema,
        response: { 200: envelopeSchema(PlacePredictionsSchema) },
      },
    },
    async (request) =>
      ok(
        await suggestAddresses({
          places: app.providers.places,
          log: request.log,
          input: request.query.input,
        }),
        'PLACES_FETCHED',
      ),
  );
};

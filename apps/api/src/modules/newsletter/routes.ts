import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { NewsletterInputSchema } from '@marketplace/shared/schemas/newsletter';
import { newsletterSubscriptions } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { rateLimitFor } from '../../plugins/security';

// The footer's weekend-discount sign-up (spec §2). Signing up twice is not an error.
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter/subscribe',
    {
      config: { rateLimit: rateLimitFor(app.config.rateLimits.forgotPassword) },
      schema: {
        tags: ['newsletter'],
        body: NewsletterInputSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await app.db
        .insert(newsletterSubscriptions)
        .values({ email: request.body.email })
        .onConflictDoNothing();
      return ok(null, 'SUBSCRIBED');
    },
  );
};

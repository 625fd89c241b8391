import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { SiteConfigSchema } from '@marketplace/shared/schemas/payments';
import { ok } from '../../lib/envelope';

// What the web app needs to know of the server's settings (nothing secret).
export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-config',
    { schema: { tags: ['health'], response: { 200: envelopeSchema(SiteConfigSchema) } } },
    async () =>
      ok({
        donateFormUrl: app.config.donateFormUrl,
        buyerProtection: app.config.payouts.mode === 'protected',
      }),
  );
};

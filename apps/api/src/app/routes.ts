import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { accountRoutes } from '../modules/accounts/routes';
import { adminProductRoutes } from '../modules/admin/product-routes';
import { adminRoutes } from '../modules/admin/routes';
import { bankingRoutes } from '../modules/banking/routes';
import { dataRightsRoutes } from '../modules/data-rights/routes';
import { donationRoutes } from '../modules/donations/routes';
import { eventRoutes } from '../modules/events/routes';
import { favouriteRoutes } from '../modules/favourites/routes';
import { healthRoutes } from '../modules/health/routes';
import { impactRoutes } from '../modules/impact/routes';
import { mediaRoutes } from '../modules/media/routes';
import { messageRoutes } from '../modules/messages/routes';
import { newsletterRoutes } from '../modules/newsletter/routes';
import { notificationRoutes } from '../modules/notifications/routes';
import { offerRoutes } from '../modules/offers/routes';
import { orderRoutes } from '../modules/orders/routes';
import { paymentRoutes } from '../modules/payments/routes';
import { payoutRoutes } from '../modules/payouts/routes';
import { placesRoutes } from '../modules/places/routes';
import { productRoutes } from '../modules/products/routes';
import { profileRoutes } from '../modules/profiles/routes';
import { referralRoutes } from '../modules/referrals/routes';
import { reportRoutes } from '../modules/reports/routes';
import { reviewRoutes } from '../modules/reviews/routes';
import { shippingRoutes } from '../modules/shipping/routes';
import { siteConfigRoutes } from '../modules/site-config/routes';
import { transactionRoutes } from '../modules/transactions/routes';
import { registerCors } from '../plugins/cors';
import { sendNotFound } from '../plugins/errors';
import { registerMetricsRoute, type Metrics } from '../plugins/metrics';
import { registerRateLimits, type RateLimitBackend } from '../plugins/security';

// Every module's routes under /api, by layer (modules/layers.json), behind CORS and the request limits.
const moduleRoutes = [
  // shared services
  healthRoutes,
  notificationRoutes,
  eventRoutes,
  mediaRoutes,
  placesRoutes,
  siteConfigRoutes,
  // domains
  accountRoutes,
  referralRoutes,
  profileRoutes,
  bankingRoutes,
  productRoutes,
  reportRoutes,
  favouriteRoutes,
  reviewRoutes,
  messageRoutes,
  donationRoutes,
  offerRoutes,
  newsletterRoutes,
  impactRoutes,
  // flows
  payoutRoutes,
  paymentRoutes,
  orderRoutes,
  shippingRoutes,
  transactionRoutes,
  dataRightsRoutes,
  // admin
  adminRoutes,
  adminProductRoutes,
];

export async function registerApiRoutes(
  app: FastifyInstance,
  {
    config,
    rateLimitBackend,
    metrics,
  }: { config: Config; rateLimitBackend: RateLimitBackend; metrics?: Metrics },
) {
  await app.register(
    async (api) => {
      registerCors(api, config.corsOrigins);
      await registerRateLimits(api, rateLimitBackend);
      api.setNotFoundHandler((_request, reply) => sendNotFound(reply));
      registerMetricsRoute(api, metrics);
      for (const routes of moduleRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
}

import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimit } from '../config';
import { AppError } from '../lib/errors';
import type { RateLimitStoreClass } from '../lib/rate-limit-store';

export function rateLimitFor(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowMs };
}

// Security headers, with a Content-Security-Policy the web app itself passes: no inline script,
// everything from this origin. Styles allow inline attributes (React style props and the toast library).
// With a media host configured (Cloudinary), pictures and videos also come from its delivery origin and
// browsers upload to its API origin; without one, neither is allowed.
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { mediaOrigins }: { mediaOrigins: { upload: string[]; delivery: string[] } },
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins.delivery],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins.delivery],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...mediaOrigins.upload],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Product pictures are shown in WhatsApp link previews and other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}

// Where request limits count: one store shared by every API process (docs/decisions/019).
export type RateLimitBackend = { store: RateLimitStoreClass } | { redis: Redis };

// Registered inside the /api scope: every API route has a general limit per address, and the
// sensitive ones (register, forgot-password, account resolve) declare a stricter one.
export async function registerRateLimits(app: FastifyInstance, backend: RateLimitBackend) {
  await app.register(rateLimit, {
    ...('redis' in backend ? { redis: backend.redis, nameSpace: 'oja-rate:', skipOnError: true } : { store: backend.store }),
    max: app.config.rateLimits.general.max,
    timeWindow: app.config.rateLimits.general.windowMs,
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED'),
    // A request whose connection already closed (a browser that navigated away) has no address left.
    keyGenerator: (request) => request.ip ?? 'address-unknown',
  });
}

import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimit } from '../config';
import { AppError } from '../lib/errors';
import type { RateLimitStoreClass } from '../lib/rate-limit-store';

export function rateLimitFor(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowMs };
}

// Security headers, with a Content-Security-Policy the web app itself passes: no inline script but the web
// app's own in index.html, named by their hashes (`inlineScripts`); everything else from this origin. Styles allow inline attributes (React style props and the toast library).
// With a media host configured (Cloudinary), pictures and videos also come from its delivery origin and
// browsers upload to its API origin; without one, neither is allowed. Our own media is named by PUBLIC_URL
// in every reply (decision 051), so that origin is allowed too: a page reached at another address of the
// same server (127.0.0.1 for localhost, the bare domain for www) still shows its pictures.
export function registerSecurityHeaders(
  app: FastifyInstance,
  {
    mediaOrigins,
    publicUrl,
    inlineScripts,
  }: {
    mediaOrigins: { upload: string[]; delivery: string[] };
    publicUrl: string;
    inlineScripts: string[];
  },
) {
  const ownMedia = new URL(publicUrl).origin;
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ownMedia, ...mediaOrigins.delivery],
        mediaSrc: ["'self'", 'blob:', ownMedia, ...mediaOrigins.delivery],
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
  // Helmet's middleware, made once. @fastify/helmet made it again for every request, reading the policy's
  // directives each time: about 7 percent of the CPU of an uncached list read (decision 079).
  // An error Helmet passes on fails the request, as it did through @fastify/helmet (none with these options).
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error)
        done(error instanceof Error ? error : new Error('Helmet could not set the security headers.'));
      else done();
    });
  });
  // The web build's hashed scripts and styles (/assets/) are not documents: the headers that only a document
  // or a worker obeys do nothing on them, yet cost about 700 bytes per file over HTTP/1.1, on each of the
  // 30 files of a first view (0.4 s on 3G; decision 033). They keep nosniff, the resource policy and the
  // request id; every page and API reply keeps them all. An unknown address under /assets/ is answered with
  // the app's page (the SPA fallback), and an SVG opened on its own is a document too: both keep them all,
  // or the page could be framed or run without its policy.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') || type.startsWith('image/svg')) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });
}

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

// Where request limits count: one store shared by every API process (docs/decisions/019).
export type RateLimitBackend = { store: RateLimitStoreClass } | { redis: Redis };

// Registered inside the /api scope: every API route has a general limit per address, and the
// sensitive ones (register, forgot-password, account resolve) declare a stricter one.
export async function registerRateLimits(app: FastifyInstance, backend: RateLimitBackend) {
  await app.register(rateLimit, {
    ...('redis' in backend
      ? { redis: backend.redis, nameSpace: 'oja-rate:', skipOnError: true }
      : { store: backend.store }),
    max: app.config.rateLimits.general.max,
    timeWindow: app.config.rateLimits.general.windowMs,
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED'),
    // A request whose connection already closed (a browser that navigated away) has no address left.
    keyGenerator: (request) => request.ip ?? 'address-unknown',
  });
}

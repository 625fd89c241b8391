import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { PAGES_CACHE } from './cache-names';
import { catalogueCopy } from './catalogue-copy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const DAY_SECONDS = 24 * 60 * 60;

// A new deploy's worker takes over at once: the page that finds a script missing reloads onto it.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The app shell (index.html and the files it loads), kept ahead of time (vite.config.ts: onlyTheShell).
// Note: no directory index and no clean URLs, so a page address is never answered from this cache by
// accident; pages go to the network first (below), so a reload after a deploy gets the new version.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages: the network first; offline (or after 5 s without an answer on a weak signal), the copy of that
// page seen before, else the app shell, which then shows the pages and pictures it has. A page's first
// view is drawn in the user's language (decision 027): the page empties this cache when the language
// changes, so a copy in the old language is never shown.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
  }),
);

// Scripts and styles of the pages a user opened: their names carry a content hash, so a kept copy is
// always right.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'oja-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

// Pictures seen: uploads are re-encoded under new names, never changed in place.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/images/'),
  new CacheFirst({
    cacheName: 'oja-pictures',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The public catalogue (lists, product pages, site settings): fresh when the network answers, the last
// copy otherwise. Nothing private (profile, notifications, orders, admin, a donated item's requests, a
// seller's contact details) is ever kept (catalogue-copy.ts).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    (url.pathname === '/api/products' ||
      url.pathname.startsWith('/api/products/') ||
      url.pathname === '/api/site-config'),
  new NetworkFirst({
    cacheName: 'oja-catalogue',
    networkTimeoutSeconds: 8,
    plugins: [
      { cacheWillUpdate: ({ request, response }) => catalogueCopy(request, response) },
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// Nothing else is routed: every other call, and the live event stream (/api/events, decision 023) above all,
// goes to the network untouched, never cached nor held by this worker.

// A page never seen, offline: the app shell, which tells the user they are offline.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/index.html')) ?? Response.error();
  return Response.error();
});

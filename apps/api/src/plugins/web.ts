import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '@marketplace/shared/languages';
import { requestLanguage } from '../lib/page-language';
import { sendNotFound } from './errors';

export type PageRenderer = (request: FastifyRequest, indexHtml: string) => Promise<string | null>;

// The built web app's index.html, or null when the web app is not built (the security headers read its
// inline scripts too).
export function readIndexHtml(webDistDir: string): string | null {
  const indexFile = path.join(webDistDir, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

// Pages whose drawing went wrong for this request alone (an API call refused or failed while drawing it):
// never kept for other readers.
const unshareable = new WeakSet<FastifyRequest>();
export function keepPageToItsReader(request: FastifyRequest): void {
  unshareable.add(request);
}

// Pages drawn as not found (an address no page has, a listing or seller that is not there): answered with
// 404, and not kept (any address may be asked for).
const notFound = new WeakSet<FastifyRequest>();
export function answerNotFound(request: FastifyRequest): void {
  notFound.add(request);
  unshareable.add(request);
}

// The key of a page the server may keep for other readers (decision 065), or null. The server draws every
// page signed out (a session lives in the browser's storage and comes with API calls, never with a page's
// request), so the page is the same for everyone reading the address in that language; a request that
// brings a credential anyway (an Authorization header, or any cookie besides the language's) is drawn for
// itself alone, so that a session carried by a cookie one day never shares its page. The page is kept
// uncompressed: the encoding the reader accepts is applied on the way out.
function pageCacheKey(request: FastifyRequest, language: string): string | null {
  if (request.headers.authorization !== undefined) return null;
  const cookies = (request.headers.cookie ?? '').split(';').map((part) => part.trim().split('=')[0]);
  if (cookies.some((name) => name !== '' && name !== LANGUAGE_COOKIE)) return null;
  return `${language} ${request.url}`;
}

// Serves the built web app on the same port as the API, with the SPA fallback so that every deep link
// (/product/abc) loads. Hashed assets are cached for a year; index.html is always revalidated.
export async function registerWeb(app: FastifyInstance, options: { renderers?: PageRenderer[] } = {}) {
  const root = app.config.webDistDir;
  const builtIndex = readIndexHtml(root);
  const hasWeb = builtIndex !== null;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes .br and .gz files beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // The web build's server bundle and manifest are the server's own (plugins/server-render.ts).
      allowedPath: (pathName) => !/^\/(?:server|\.vite)(?:\/|$)/.test(pathName),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  } else {
    app.log.warn(`web app not built (${path.join(root, 'index.html')} missing): only the API is served`);
  }
  const indexHtml = builtIndex ?? '';

  // Every page is in the reader's language from its first byte (decision 027): `<html lang>`, and the
  // first view's words. The page therefore varies with the cookie and Accept-Language, which any cache on
  // the way must key it by (the service worker empties its copies when the language changes).
  // A page drawn for nobody in particular is kept a moment (decision 065): see pageCacheKey.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    const cache = app.pageCache;
    const key = pageCacheKey(request, language);
    let html = key === null ? undefined : cache.get(key);
    if (key !== null) reply.header('x-page-cache', html === undefined ? 'miss' : 'hit');
    if (html === undefined) {
      const generation = cache.generation();
      html = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
      for (const render of options.renderers ?? []) {
        html = (await render(request, html)) ?? html;
      }
      if (key !== null && !unshareable.has(request)) cache.set(key, html, generation);
    }
    return reply
      .status(notFound.has(request) ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-language', language)
      .header('vary', 'Cookie, Accept-Language')
      .send(html);
  };
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/media') &&
      !/\.[a-z0-9]+($|\?)/i.test(request.url.split('?')[0] ?? '');
    if (!isPage) return sendNotFound(reply);
    return sendPage(request, reply);
  });
}

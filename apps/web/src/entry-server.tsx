import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { isLanguage } from '@marketplace/shared/languages';
import { LANGUAGES } from '@marketplace/shared/constants';
import { collectPageSources } from './app/page-sources';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { allWords } from './i18n/all-words';
import { i18n } from './i18n/i18n';
import { ApiError, pageStateError, sendApiRequestsThrough } from './lib/api-client';
import type { RenderInput, RenderResult } from '@marketplace/shared/server-render';

// The server draws every page with the app itself (decision 060): React Router's static handler matches the
// address and loads the page's module, the page's API calls are answered by the API in the same process,
// and React renders the markup the browser then hydrates. Built by `vite build --ssr` into dist/server;
// apps/api plugins/server-render.ts calls `render`.

// The server has every language's words at hand; the browser fetches the page's (decision 064).
for (const language of LANGUAGES) i18n.addWords(language, allWords[language]);

export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

// The page's API calls go to the API of the request being drawn.
let currentFetch: ApiFetch | null = null;
sendApiRequestsThrough((input, init) => {
  if (!currentFetch) return Promise.reject(new Error('no page is being drawn'));
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return currentFetch(url, init);
});

// Every route's `lazy` is wrapped to note the page module it loads (its `handle.pageSources`, beside what
// the route's own handle names: a lazy route may not return a handle its route already has).
function withSources(list: RouteObject[]): RouteObject[] {
  return list.map((route): RouteObject => {
    const { lazy, children } = route;
    const handle: unknown = route.handle;
    const next = { ...route };
    if (typeof lazy === 'function') {
      delete next.handle;
      next.lazy = async () => {
        const { result, sources } = collectPageSources(lazy);
        const loaded = await result;
        return { ...loaded, handle: { ...(typeof handle === 'object' ? handle : {}), pageSources: sources } };
      };
    }
    if (children) next.children = withSources(children);
    return next;
  });
}

const handler = createStaticHandler(withSources(routes));

// One page at a time: the words' language is the translator's (the app's components and helpers read
// it), so two pages in two languages must not be drawn at once. A page takes a few milliseconds of CPU.
let queue: Promise<unknown> = Promise.resolve();
export function render(input: RenderInput<ApiFetch>): Promise<RenderResult> {
  const next = queue.then(() => renderNow(input));
  queue = next.catch(() => undefined);
  return next;
}

// A query a page asked for and nobody has fetched yet (the server runs no effects); one its component turned
// off (a signed-in reader's, when nobody is signed in on the server) is left alone.
function isWaiting(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return isEnabled && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}
// How many times a page is drawn at most: each pass fetches what the previous one asked for.
const PASSES = 3;

async function renderNow({ url, language: asked, fetchApi }: RenderInput<ApiFetch>): Promise<RenderResult> {
  const language = isLanguage(asked) ? asked : 'en';
  await i18n.changeLanguage(language);
  currentFetch = fetchApi;
  try {
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) {
      return {
        kind: 'redirect',
        status: context.status,
        location: context.headers.get('location') ?? '/',
      };
    }
    // No retries and no toasts on the server: what it cannot fetch, the browser asks for again.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: 30_000, networkMode: 'always' } },
    });
    const tried = new Set<string>();
    let html = '';
    let words = {};
    for (let pass = 0; pass < PASSES; pass++) {
      const router = createStaticRouter(handler.dataRoutes, context);
      // The words this drawing reads are the page's words (decision 072).
      const wordsRead = i18n.record();
      try {
        // The production build runs on Preact (vite.config.ts: preact/compat answers `react`, decision 069):
        // its renderer waits for `lazy` pieces as react-dom/static's prerender did.
        html = await renderToStringAsync(
          <StrictMode>
            <AppProviders queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </StrictMode>,
        );
      } finally {
        words = wordsRead();
      }
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => isWaiting(query) && !tried.has(query.queryHash));
      if (waiting.length === 0 || pass === PASSES - 1) break;
      await Promise.all(
        waiting.map((query) => {
          tried.add(query.queryHash);
          return query.fetch().catch(() => undefined);
        }),
      );
      // A call the server may not make (a signed-in user's) is left to the browser: drawn as loading. A
      // listing or seller that is not there is the same for every reader: drawn as not found.
      const cache = queryClient.getQueryCache();
      for (const query of cache.findAll({
        predicate: (entry) => entry.state.status === 'error' && !isMissingPageContent(entry),
      })) {
        cache.remove(query);
      }
    }
    const sources = [...new Set(context.matches.flatMap((match) => pageSourcesOf(match.route.handle)))];
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || isMissingPageContent(query),
    });
    const notFound = state.queries.filter((query) => query.state.status === 'error');
    for (const query of notFound) query.state.error = pageStateError(query.state.error as ApiError) as never;
    const isNotFoundRoute = context.matches.some((match) => hasNotFoundStatus(match.route.handle));
    return {
      kind: 'page',
      // 404 for an address no page has, and for a page whose listing or seller is not there.
      status: notFound.length > 0 || isNotFoundRoute ? 404 : context.statusCode,
      html,
      sources,
      state,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
      words,
    };
  } finally {
    currentFetch = null;
  }
}

// A listing or seller that is not there (lib/query-client.ts: `isPageContent`).
function isMissingPageContent(query: Query): boolean {
  const { error } = query.state;
  return query.meta?.isPageContent === true && error instanceof ApiError && error.status === 404;
}

function hasNotFoundStatus(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'status' in handle && handle.status === 404;
}

function pageSourcesOf(handle: unknown): string[] {
  if (typeof handle !== 'object' || handle === null || !('pageSources' in handle)) return [];
  const { pageSources } = handle;
  return Array.isArray(pageSources) ? pageSources.filter((source) => typeof source === 'string') : [];
}

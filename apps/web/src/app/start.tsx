import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from './router-provider';
import type { HydrationState } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import {
  applyLanguage,
  changeLanguage,
  currentLanguage,
  i18n,
  rememberedLanguage,
  restoreLanguage,
} from '../i18n/i18n';
import { setHydrating } from '../hooks/use-hydrated';
import { isLanguage } from '@marketplace/shared/languages';
import type { Words } from '../i18n/translator';
import { replayEarlyTapsWhenDrawn } from '../lib/early-taps';
import { enableTheLateStylesheets } from '../lib/late-styles';
import { fromPageStateError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { registerServiceWorker } from '../lib/service-worker';
import { userSession } from '../lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// What the server drew the page with (apps/api plugins/server-render.ts, decision 060): the API replies in
// TanStack Query's dehydrated form, React Router's state, and the words it read (decision 072). Absent from
// a page the server did not draw.
type PageState = { state?: DehydratedState; router?: HydrationState; words?: Record<string, Words> };
function readPageState(): PageState | null {
  const element = document.getElementById('app-state');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

const pageState = readPageState();
const isDrawn = pageState !== null && container.firstElementChild !== null;
// The page hydrates with the words it was drawn with; the whole words come once it is ready. It is being
// hydrated from now on: what waits for that (a route's whole words, a piece's script) waits from its start.
if (isDrawn) {
  setHydrating(true);
  for (const [language, words] of Object.entries(pageState.words ?? {})) {
    if (isLanguage(language) && typeof words === 'object' && words !== null)
      i18n.addPageWords(language, words);
  }
}
const queryClient = createQueryClient();
if (pageState?.state) {
  // A listing or seller the server found missing is drawn as not found, as the server drew it.
  for (const query of pageState.state.queries ?? []) {
    if (query.state.status === 'error') query.state.error = fromPageStateError(query.state.error) as Error;
  }
  hydrate(queryClient, pageState.state);
}
const router = createAppRouter(isDrawn ? { hydrationData: pageState.router } : {});

// A page draws its <title> where it is (Preact, the build's renderer, hoists nothing into the head: decision
// 069). The document's title is the head's, kept as the page's says; a page drawn without one (loading)
// keeps the last. Only the head's element is written to: the page's text nodes are the renderer's.
function followThePageTitle(root: HTMLElement): void {
  const documentTitle =
    document.head.querySelector('title') ?? document.head.appendChild(document.createElement('title'));
  const follow = () => {
    const text = root.querySelector('title')?.textContent;
    if (text && documentTitle.textContent !== text) documentTitle.textContent = text;
  };
  follow();
  new MutationObserver(follow).observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}
followThePageTitle(container);

// The first render waits for the page's language and the page's own script.
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Marks the moment the app has taken the page over (hydrated, or drawn): `<html data-app-ready>` and a
// performance mark, which npm run bench:web and the journeys read.
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    setHydrating(false);
    document.documentElement.dataset.appReady = isDrawn ? 'hydrated' : 'rendered';
    // A listing the server drew as not found may be the signed-in reader's own, not yet approved: asked for
    // again with their token (a failed query is not asked for again on mount, lib/query-client.ts).
    if (isDrawn && userSession.get()) {
      void queryClient.refetchQueries({
        predicate: (query) => query.meta?.isPageContent === true && query.state.status === 'error',
      });
    }
    performance.mark('app-ready');
    // What the first view did not need and the next tap may (decision 072): the page's stylesheets and the
    // whole words of its language, downloaded now rather than beside the app's scripts.
    enableTheLateStylesheets();
    const words = i18n.completeWords().catch(() => undefined);
    // The service worker last: its script and its copy of the app's shell shared the two cores and the line
    // with the hydration when it was registered as the app started (decision 078).
    void words.then(registerServiceWorker);
    // Taps taken before the app was ready are made now (decision 065), after React has drawn what only this
    // browser knows (the session, the cart) over the server's snapshot, with every word at hand for the
    // messages they show, once the pieces loaded after hydration (Make an offer, Message seller) are drawn.
    setTimeout(() => void words.then(replayEarlyTapsWhenDrawn), 0);
    // A language chosen in this browser that the server did not know (no cookie yet) applies once hydrated.
    const remembered = rememberedLanguage();
    if (isDrawn && remembered && remembered !== currentLanguage()) {
      changeLanguage(remembered).catch(() => undefined);
    }
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <AppReady>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppReady>
  </StrictMode>
);

// A drawn page is hydrated in the language it was drawn in (`<html lang>`); the public replies it carries
// are asked for again with a signed-in reader's token. A page the server did not draw (offline, from the
// service worker's shell) is rendered from scratch in the remembered language, as a transition.
const language = isDrawn ? applyLanguage(document.documentElement.lang) : restoreLanguage();
void Promise.all([language.catch(() => undefined), routerReady()]).finally(() => {
  if (isDrawn) {
    // As a transition: React hydrates in slices of a few milliseconds, so a slow phone's main thread stays
    // free for taps and scrolling meanwhile (Lighthouse's Total Blocking Time).
    startTransition(() => {
      hydrateRoot(container, app);
    });
    if (userSession.get()) void queryClient.invalidateQueries();
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
});

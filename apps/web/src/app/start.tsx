import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { restoreLanguage } from '../i18n/i18n';
import { loadFirstViewStyles } from '../lib/first-view-styles';
import { registerServiceWorker } from '../lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
const router = createAppRouter();

registerServiceWorker();

// The first render waits for the remembered language, the page's own script and the first view's
// stylesheets: until then the frame that index.html draws stays on screen (a spinner in between would only
// flash by).
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

// The first render is a transition: React draws the page in slices of a few milliseconds, so a slow phone's
// main thread stays free for taps and scrolling on the frame meanwhile (no long task; Lighthouse's Total
// Blocking Time), then swaps the frame for the page in one commit.
const ready = [restoreLanguage().catch(() => undefined), routerReady(), loadFirstViewStyles()];
void Promise.all(ready).finally(() => {
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});

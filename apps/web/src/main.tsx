import './styles/main.scss';
import { replayEarlyTaps } from './lib/early-taps';
import { enableTheLateStylesheets } from './lib/late-styles';

// The server has drawn the page with the app itself (decision 060): its links and its search form work
// before any script. The app then starts in steps, each evaluated in a task of its own (React, React Router,
// then the app, which hydrates with the page's words), which keeps a slow phone's main thread free in
// between (decisions 027 and 029).
// Their scripts are named in index.html (vite.config.ts: bootPreloads), so they download with the page.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The server's page is painted first: nothing of the app runs or downloads before the browser's first frame
// (a hidden tab draws no frames: it starts at once).
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// The server names the page's scripts in an inert <template> (apps/api plugins/server-render.ts); moved into
// the page, they download together.
function askForThePageScripts(): void {
  const template = document.getElementById('page-scripts');
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}

// For the tests (e2e first-view.spec.ts): with `oja.debugHydration` in the storage, the production build loads
// Preact's debug module first, which reports in the console any element the server drew that hydration could
// not keep. Nobody else downloads it; development runs React, which reports them itself.
async function debugHydrationWhenAsked(): Promise<void> {
  if (!import.meta.env.PROD) return;
  let isAsked = false;
  try {
    isAsked = window.localStorage.getItem('oja.debugHydration') !== null;
  } catch {
    // no storage: not asked
  }
  if (isAsked) await import('preact/debug');
}

async function start(): Promise<void> {
  await afterFirstPaint();
  askForThePageScripts();
  await debugHydrationWhenAsked();
  await import('react-dom/client');
  await nextTask();
  await import('./app/router-provider');
  await nextTask();
  await import('./app/start');
}

// The page's stylesheets and the taps held wait for the app (app/start.tsx), or for its failure to start: the
// page the server drew then keeps working as plain links and forms, styled in full.
start().catch((error: unknown) => {
  enableTheLateStylesheets();
  replayEarlyTaps();
  throw error;
});

import './styles/main.scss';

// The server has drawn the page with the app itself (decision 060): its links and its search form work
// before any script. The app then starts in steps, each evaluated in a task of its own (React, React Router,
// the words, then the app), which keeps a slow phone's main thread free in between (decisions 027 and 029).
// Their scripts are named in index.html (vite.config.ts: bootPreloads), so they download with the page.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('react-router/dom');
  await nextTask();
  await import('./i18n/i18n');
  await nextTask();
  await import('./app/start');
}

void start();

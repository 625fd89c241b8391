import './styles/main.scss';

// The app starts in three steps, each evaluated in a task of its own: React, then React Router, then the
// app. One step per task keeps a slow phone's main thread free in between (Lighthouse's Total Blocking
// Time; decision 027). Their scripts are named in index.html (vite.config.ts: bootPreloads), so they
// download with the page, not one after the other.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('react-router/dom');
  await nextTask();
  await import('./app/start');
}

void start();

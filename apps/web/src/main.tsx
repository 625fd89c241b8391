import './styles/main.scss';
import { loadFirstViewStyles } from './lib/first-view-styles';

// The app starts in steps, each evaluated in a task of its own: React, React Router, the English words,
// then the app (the shared schemas and zod are no longer part of the first view: decision 036). One step per task
// keeps a slow phone's main thread free in between (Lighthouse's Total Blocking Time; decisions 027 and
// 029). Their scripts are named in index.html (vite.config.ts: bootPreloads), so they download with the
// page, not one after the other.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The frame the server drew is painted first: nothing of the app runs before the browser's first frame
// (a hidden tab draws no frames: it starts at once).
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

async function start(): Promise<void> {
  await afterFirstPaint();
  // The first view's stylesheets start applying (before the app's scripts name them again).
  void loadFirstViewStyles();
  await import('react-dom/client');
  await nextTask();
  await import('react-router/dom');
  await nextTask();
  await import('./i18n/i18n');
  await nextTask();
  await import('./app/start');
}

void start();

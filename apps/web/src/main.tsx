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

// The first pictures (the server asks for them first, with high priority) are painted before any of the
// app's scripts is asked for: on 3G the scripts no longer share the line with them, and Lighthouse no longer
// counts the scripts as needed for its largest picture (decision 036). A picture that takes longer than
// PICTURES_WAIT_MS (a stalled connection) stops holding the app up.
const PICTURES_WAIT_MS = 4000;

function firstPicturesReady(): Promise<unknown> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]')];
  // decode(): loaded and ready to paint (a picture that failed resolves too).
  const ready = pictures.map((picture) => picture.decode().catch(() => undefined));
  return Promise.race([Promise.all(ready), new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS))]);
}

// The server names the page's scripts in an inert <template> on the first view of `/` and
// `/product/:id` (apps/api first-view-styles.ts: deferScripts); moved into the page, they download together.
function askForThePageScripts(): void {
  const template = document.getElementById('first-view-scripts');
  if (template instanceof HTMLTemplateElement) document.head.append(template.content);
}

async function start(): Promise<void> {
  if (document.visibilityState === 'visible') await firstPicturesReady();
  await afterFirstPaint();
  askForThePageScripts();
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

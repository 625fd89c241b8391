import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the server writes into the first view of `/` and `/product/:id` (apps/api first-view-styles.ts).
function firstViewHead() {
  document.head.innerHTML =
    '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-first-view-style>' +
    '<link rel="preload" as="style" crossorigin href="/assets/home-1.css" data-first-view-style>' +
    '<style id="first-view-style">.product-card{overflow:hidden}</style>';
  return [...document.querySelectorAll<HTMLLinkElement>('link[data-first-view-style]')];
}

async function freshModule() {
  vi.resetModules();
  return import('./first-view-styles');
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

beforeEach(() => {
  document.head.innerHTML = '';
});
afterEach(() => {
  document.head.innerHTML = '';
});

describe('the first view’s stylesheets', () => {
  it('become stylesheets at once, and the app waits until every one has loaded, then the written-in styles go', async () => {
    const [index, home] = firstViewHead();
    const { loadFirstViewStyles } = await freshModule();
    const ready = loadFirstViewStyles();
    expect(index?.rel).toBe('stylesheet');
    expect(home?.rel).toBe('stylesheet');
    // The same promise for every caller (main.tsx starts it, the app's first render waits for it).
    expect(loadFirstViewStyles()).toBe(ready);

    index?.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(false);
    expect(document.getElementById('first-view-style')).not.toBeNull();

    home?.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(true);
    expect(document.getElementById('first-view-style')).toBeNull();
  });

  it('lets the app start when a stylesheet failed, keeping the written-in styles', async () => {
    const [index, home] = firstViewHead();
    const { loadFirstViewStyles } = await freshModule();
    const ready = loadFirstViewStyles();
    index?.dispatchEvent(new Event('load'));
    home?.dispatchEvent(new Event('error'));
    expect(await settled(ready)).toBe(true);
    expect(document.getElementById('first-view-style')).not.toBeNull();
  });

  it('has nothing to wait for on other pages', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-1.css">';
    const { loadFirstViewStyles } = await freshModule();
    expect(await settled(loadFirstViewStyles())).toBe(true);
    expect(document.querySelector('link')?.rel).toBe('stylesheet');
  });
});

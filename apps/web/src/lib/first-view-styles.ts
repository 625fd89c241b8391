// On the first view of `/` and `/product/:id` the server writes the styles the frame needs into the HTML
// and names the page's stylesheets as preloads, so that the frame paints without waiting for them
// (apps/api first-view-styles.ts, decision 029). The app turns them into stylesheets as soon as it starts,
// and draws itself once they have loaded: React's page is never shown unstyled. Then the written-in styles
// go (the stylesheets hold all of them). A stylesheet that failed keeps them, and the app draws anyway.

let ready: Promise<void> | undefined;

export function loadFirstViewStyles(): Promise<void> {
  if (ready) return ready;
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-first-view-style]')];
  const loaded = links.map(
    (link) =>
      new Promise<boolean>((resolve) => {
        link.addEventListener('load', () => resolve(true), { once: true });
        link.addEventListener('error', () => resolve(false), { once: true });
      }),
  );
  for (const link of links) link.rel = 'stylesheet';
  ready = Promise.all(loaded).then((results) => {
    if (results.every(Boolean)) document.getElementById('first-view-style')?.remove();
  });
  return ready;
}

// Early taps (decision 065): until the held taps are made, index.html's inline script takes a tap on a
// control marked `data-early-tap` (it shows aria-busy at once) and keeps it in `window.earlyTaps`.
// Once the app is ready, each kept tap is made again, once, on the control that now stands for it: the same
// element when hydration kept it, else the one of the same name (a signed-in reader's Save button replaces
// the server's "Log in to save" link). A control gone meanwhile (Add to cart of an item already in the
// cart, now View cart) takes no tap. A control drawn by a piece loaded after hydration (Make an offer,
// Message seller: `lazyPiece(…, { holdsTaps: true })`, lib/load-chunk.ts) is still the server's markup until
// that piece is drawn: taps stay held until every such piece is drawn (at most TAPS_WAIT_MS), and
// `<html data-early-taps-done>` then tells the inline script to let taps through.

declare global {
  interface Window {
    earlyTaps?: HTMLElement[];
  }
}

// The attributes a control carries: its name, unique on the page (e.g. `cart:<product id>`), and optionally
// the storage entry without which the control works as it is, untouched (a link to log in when signed out).
export function earlyTap(name: string, options: { whenStored?: string } = {}) {
  return {
    'data-early-tap': name,
    ...(options.whenStored ? { 'data-early-tap-when-stored': options.whenStored } : {}),
  };
}

const piecesBeingDrawn = new Set<Promise<unknown>>();

// Held taps are made only once `drawn` has settled: a piece of the page loading after hydration.
export function holdTapsUntil(drawn: Promise<unknown>): void {
  piecesBeingDrawn.add(drawn);
  const done = () => piecesBeingDrawn.delete(drawn);
  drawn.then(done, done);
}

// A piece that neither comes nor fails (a stalled download) holds the taps no longer than this.
export const TAPS_WAIT_MS = 10_000;

// Makes the held taps once no piece holding them is still loading (a piece's own pieces included).
export async function replayEarlyTapsWhenDrawn(): Promise<void> {
  const allDrawn = async () => {
    while (piecesBeingDrawn.size > 0) await Promise.allSettled([...piecesBeingDrawn]);
  };
  await Promise.race([allDrawn(), new Promise((resolve) => setTimeout(resolve, TAPS_WAIT_MS))]);
  replayEarlyTaps();
}

// Makes the held taps now, and lets every later tap through (also when the app could not start: the
// server's links then work as links).
export function replayEarlyTaps(): void {
  document.documentElement.dataset.earlyTapsDone = '';
  const held = window.earlyTaps?.splice(0) ?? [];
  const made = new Set<string>();
  for (const element of held) {
    element.removeAttribute('aria-busy');
    const name = element.dataset.earlyTap ?? '';
    if (made.has(name)) continue;
    made.add(name);
    const control = element.isConnected
      ? element
      : document.querySelector<HTMLElement>(`[data-early-tap="${CSS.escape(name)}"]`);
    control?.click();
  }
}

import { createElement, lazy, useLayoutEffect, useState, type ComponentType } from 'react';
import { whenHydrated } from '../hooks/use-hydrated';
import { holdTapsUntil } from './early-taps';
import { readText, STORAGE_KEYS, writeText } from './storage';

// Pauses before each new try of a page's script that did not load.
export const CHUNK_RETRY_DELAYS_MS = [600, 1800] as const;
// A page reloads itself onto a new version at most once in this time, so a broken deploy cannot loop.
const RELOAD_GUARD_MS = 60_000;

// A page's script could not be loaded, even after the retries: the connection is down or too weak.
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A page script could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Is the server answering with another build than the one running? index.html names the entry script;
// this module is part of it, so a page that no longer mentions this file comes from a newer deploy.
async function isNewVersionDeployed(): Promise<boolean> {
  if (!import.meta.env.PROD) return false;
  try {
    const response = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!response.ok) return false;
    const html = await response.text();
    return !html.includes(new URL(import.meta.url).pathname);
  } catch {
    return false; // no answer at all: the connection, not a deploy
  }
}

function reloadOntoNewVersion(): boolean {
  const last = Number(readText(STORAGE_KEYS.versionReloadAt) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  writeText(STORAGE_KEYS.versionReloadAt, String(Date.now()));
  window.location.reload();
  return true;
}

// Loads a page's script (a route's `lazy`), trying again on a shaky connection. If it still fails and
// the server has a new version (the old scripts are gone after a deploy), the page reloads onto it;
// otherwise the route shows 'Connection lost' with Try again (app/routes/route-error.tsx).
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = CHUNK_RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) {
        await sleep(delay);
        continue;
      }
      if ((await isNewVersionDeployed()) && reloadOntoNewVersion()) {
        // The page is going away; keep the router waiting rather than flash an error.
        await new Promise<never>(() => {});
      }
      throw new ChunkLoadError(error);
    }
  }
}

// A piece of a page (not the page itself) whose script loads when it is first drawn, not with the page's
// first scripts (decision 063): tried again as a page's script is, and left out should it never come
// (`whenMissing` drawn instead, if given, with `retry` to try once more), rather than the whole page failing
// with it; a piece that is the page's main content (`isMain`) fails the page instead, which then offers to try
// again (app/routes/route-error.tsx). On a page the server drew, the server's markup of it stays until it is
// drawn: a piece with a control taken before the app was ready (`holdsTaps`) holds those taps until then
// (lib/early-taps.ts), or until a second after its script came when it is no longer on the page.
export type Retry = { retry: () => void };

export function lazyPiece<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  {
    isMain = false,
    holdsTaps = false,
    whenMissing = () => null,
  }: { isMain?: boolean; holdsTaps?: boolean; whenMissing?: ComponentType<Props & Retry> } = {},
) {
  // One try of the piece's script; the first may hold the early taps.
  const tryLoading = (isFirst: boolean) =>
    lazy(async () => {
      let drawn = () => {};
      if (isFirst && holdsTaps && typeof window !== 'undefined')
        holdTapsUntil(new Promise<void>((resolve) => (drawn = resolve)));
      const loaded = await loadChunk(async () => {
        await whenHydrated();
        return load();
      }).catch((error: unknown) => {
        drawn();
        if (isMain) throw error;
        console.error(error);
        return null;
      });
      if (!loaded) return { default: (props: Props & Retry) => createElement(whenMissing, props) };
      const Component = loaded;
      if (isFirst && holdsTaps) setTimeout(drawn, 1000);
      function Drawn({ retry: _retry, ...props }: Props & Retry) {
        useLayoutEffect(drawn, []);
        return createElement(Component, props as Props);
      }
      return { default: Drawn };
    });
  // The latest try, for every place the piece is drawn (a piece that came on a second try is there the next
  // time it is opened). Each new try is made once, when asked, not while drawing: a drawing that waits on it
  // is drawn again.
  let latestTry = tryLoading(true);
  return function Piece(props: Props) {
    const [Loaded, setLoaded] = useState(() => latestTry);
    const retry = () => {
      latestTry = tryLoading(false);
      setLoaded(() => latestTry);
    };
    return createElement(Loaded, { ...props, retry });
  };
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  // The browsers' own words for a dynamic import that failed, for any import outside loadChunk.
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

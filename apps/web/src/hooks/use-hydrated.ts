import { useEffect, useState } from 'react';

// Whether React is drawing markup the server drew: always on the server, and in the browser while
// app/start.tsx hydrates the server's page (it says when it starts and when the page is hydrated).
let isHydrating = typeof window === 'undefined';
const listeners = new Set<() => void>();
export function setHydrating(value: boolean): void {
  isHydrating = value;
  if (!value) for (const listener of listeners) listener();
}

// Whether the page is hydrated (or drawn by the browser itself): false on the server and while hydrating.
export function isHydrated(): boolean {
  return !isHydrating;
}

// Resolves once the page is hydrated (at once on the server and on a page the browser draws itself). A piece
// loaded when drawn (`lazy`) waits for it before asking for its script: React leaves such a boundary for
// after the page's hydration anyway, Preact would download it in the middle of it (decision 069).
export function whenHydrated(): Promise<void> {
  if (!isHydrating || typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

// False while the server draws a page and while the browser hydrates that markup, true once the page is
// hydrated: what only this browser knows (its stored session) is shown from then on, so the hydration
// matches the server's markup (decision 060). A page the browser draws itself is true from its first render.
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(() => !isHydrating);
  useEffect(() => {
    if (isHydrated) return;
    const listener = () => setHydrated(true);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [isHydrated]);
  return isHydrated;
}

import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

// False while the server draws a page and while the browser hydrates that markup, true after: what only
// this browser knows (its stored session) is shown from then on, so the hydration matches the server's
// markup (decision 060).
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

// Below Bootstrap's md breakpoint (768 px): the layouts that trade a wide table for cards.
const PHONE_QUERY = '(max-width: 767.98px)';

function mediaList(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined;
}

function subscribe(onChange: () => void) {
  const list = mediaList();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaList()?.matches ?? false,
    () => true,
  );
}

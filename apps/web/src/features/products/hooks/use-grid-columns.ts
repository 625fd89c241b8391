import { useSyncExternalStore } from 'react';

// How many cards the product grid shows on one line (its row-cols classes: 2, 3 from md, 4 from lg).
const QUERIES = [
  { media: '(min-width: 992px)', columns: 4 },
  { media: '(min-width: 768px)', columns: 3 },
] as const;

function lists(): MediaQueryList[] {
  return typeof window.matchMedia === 'function' ? QUERIES.map(({ media }) => window.matchMedia(media)) : [];
}

function subscribe(onChange: () => void) {
  const mediaLists = lists();
  for (const list of mediaLists) list.addEventListener('change', onChange);
  return () => {
    for (const list of mediaLists) list.removeEventListener('change', onChange);
  };
}

function columns(): number {
  const mediaLists = lists();
  return QUERIES.find((_query, index) => mediaLists[index]?.matches)?.columns ?? 2;
}

// The server draws a phone's line (decision 060).
const phoneColumns = () => 2;

export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, columns, phoneColumns);
}

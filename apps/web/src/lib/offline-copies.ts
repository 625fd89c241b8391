import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { parseJson, readText, removeEntry, STORAGE_KEYS, writeJson } from './storage';
import { userSession } from './session';

// The pages a signed-in user reads again offline (issue 32; decision 056): their profile, referrals, orders,
// notifications and messages. The last reply of each is kept in this browser with the time it was fetched,
// and put back in the query cache when the app starts, so a page already seen opens offline with it.
// Note: these are private replies. They are kept for one user only (the entry names them, and is read only
// for the same user), dropped when the session ends or changes (logout, another user, an expired token),
// and nothing else (another user's, an admin's, any other call) is ever kept.
const KEPT_QUERIES: readonly QueryKey[] = [
  ['me'],
  ['referrals', 'pages'],
  ['orders', 'pages'],
  ['notifications', 'pages'],
  ['messages', 'conversations'],
  ['messages', 'conversation'],
  ['messages', 'thread'],
];

// A reply larger than this is not kept (local storage holds about 5 MB for the whole site).
const MAX_COPY_CHARACTERS = 500_000;

type Copy = { key: QueryKey; data: unknown; fetchedAt: number };
type Copies = { userId: string; copies: Record<string, Copy> };

function isKept(key: QueryKey): boolean {
  return KEPT_QUERIES.some((prefix) => prefix.every((part, index) => key[index] === part));
}

function isCopies(value: unknown): value is Copies {
  return (
    typeof value === 'object' &&
    value !== null &&
    'userId' in value &&
    typeof value.userId === 'string' &&
    'copies' in value &&
    typeof value.copies === 'object' &&
    value.copies !== null
  );
}

// Another user's copies (a session that ended without this app seeing it) are dropped, never read; so are copies
// of a query no longer kept (an earlier version's, such as its notifications as one plain list), at the next write.
function readCopies(userId: string): Copies {
  const stored = parseJson(readText(STORAGE_KEYS.offlineCopies));
  if (isCopies(stored) && stored.userId === userId) {
    const kept = Object.entries(stored.copies).filter(
      ([, copy]) => Array.isArray((copy as Partial<Copy> | null)?.key) && isKept(copy.key),
    );
    return { userId, copies: Object.fromEntries(kept) };
  }
  clearOfflineCopies();
  return { userId, copies: {} };
}

export function clearOfflineCopies(): void {
  removeEntry(STORAGE_KEYS.offlineCopies);
}

// Puts the signed-in user's kept replies in the cache with the time they were fetched, marked stale (so a
// page showing one reads it again at once). Called as the app starts, before any page asks for them.
export function restoreOfflineCopies(queryClient: QueryClient): void {
  const userId = userSession.get()?.user.id;
  if (!userId) {
    clearOfflineCopies();
    return;
  }
  for (const { key, data, fetchedAt } of Object.values(readCopies(userId).copies)) {
    if (isKept(key) && queryClient.getQueryData(key) === undefined) {
      queryClient.setQueryData(key, data, { updatedAt: fetchedAt });
      // From an earlier visit: read again as soon as a page shows it.
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  }
}

// Keeps every new reply of those queries for the signed-in user; drops them all when the session ends or
// changes hands. Returns the unsubscribe.
export function keepOfflineCopies(queryClient: QueryClient): () => void {
  let userId = userSession.get()?.user.id ?? null;

  const stopSession = userSession.subscribe(() => {
    const next = userSession.get()?.user.id ?? null;
    if (next === userId) return;
    userId = next;
    clearOfflineCopies();
  });
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (!userId || event.type !== 'updated' || event.action.type !== 'success') return;
    const { query } = event;
    const key = query.queryKey as QueryKey;
    const data: unknown = query.state.data;
    if (!isKept(key) || data === undefined) return;
    const copies = readCopies(userId);
    const copy: Copy = { key, data, fetchedAt: query.state.dataUpdatedAt };
    if (JSON.stringify(copy).length > MAX_COPY_CHARACTERS) return;
    copies.copies[query.queryHash] = copy;
    writeJson(STORAGE_KEYS.offlineCopies, copies);
  });
  return () => {
    stopSession();
    stopCache();
  };
}

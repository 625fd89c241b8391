import { useSyncExternalStore } from 'react';
import type { AuthResult, SessionUser } from '@marketplace/shared/schemas/accounts';
import { parseJson, readText, removeEntry, STORAGE_KEYS, writeJson, type StorageKey } from './storage';

// spec §4: token empty = logged out; logging in sets it; logging out clears it. Same for the admin.

export type UserSession = { token: string; user: SessionUser };
export type AdminSession = { token: string };

type SessionStore<T extends { token: string }> = {
  get: () => T | null;
  set: (session: T) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
};

function hasToken(value: unknown): value is { token: string } {
  return typeof value === 'object' && value !== null && 'token' in value && typeof value.token === 'string';
}

function isUserSession(value: unknown): value is UserSession {
  return hasToken(value) && 'user' in value && typeof value.user === 'object' && value.user !== null;
}

// Local storage is the source of truth, so other tabs and direct clears are seen too; the parsed value is
// cached by its raw text so that React gets the same object until the entry really changes.
function createSessionStore<T extends { token: string }>(
  key: StorageKey,
  isSession: (value: unknown) => value is T,
): SessionStore<T> {
  const listeners = new Set<() => void>();
  let cachedText: string | null = null;
  let cachedSession: T | null = null;

  function get(): T | null {
    const text = readText(key);
    if (text !== cachedText) {
      cachedText = text;
      const value = parseJson(text);
      cachedSession = isSession(value) && value.token !== '' ? value : null;
    }
    return cachedSession;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) notify();
  }

  return {
    get,
    set(session) {
      writeJson(key, session);
      notify();
    },
    clear() {
      if (readText(key) === null) return;
      removeEntry(key);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const userSession = createSessionStore(STORAGE_KEYS.session, isUserSession);
export const adminSession = createSessionStore(STORAGE_KEYS.adminSession, hasToken);

// The server draws every page signed out (it cannot read this browser's storage); the first render in the
// browser hydrates that markup signed out too, then shows the stored session (decision 060).
const noSession = () => null;

export function useSession() {
  const session = useSyncExternalStore(userSession.subscribe, userSession.get, noSession);
  return {
    session,
    user: session?.user ?? null,
    isLoggedIn: session !== null,
    // The login reply's user also carries their products (spec §3); the session keeps only what the header
    // shows, so no stale list of listings stays in storage.
    login: ({ token, user: { products: _products, ...user } }: AuthResult) =>
      userSession.set({ token, user }),
    logout: userSession.clear,
  };
}

export function useAdminSession() {
  const session = useSyncExternalStore(adminSession.subscribe, adminSession.get, noSession);
  return { session, isLoggedIn: session !== null, login: adminSession.set, logout: adminSession.clear };
}

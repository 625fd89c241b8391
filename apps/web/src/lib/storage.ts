import { CART_STORAGE_KEY } from '@marketplace/shared/constants';

// Every browser storage entry the web app keeps. The user and admin sessions are separate entries
// (spec §3: the two tokens are kept apart).
export const STORAGE_KEYS = {
  session: 'oja.session',
  adminSession: 'oja.adminSession',
  language: 'oja.language',
  // When the page last reloaded itself onto a new version (lib/load-chunk.ts), so it never loops.
  versionReloadAt: 'oja.versionReloadAt',
  cart: CART_STORAGE_KEY,
  // The signed-in user's last replies for the pages they read offline (lib/offline-copies.ts, decision 056).
  offlineCopies: 'oja.offlineCopies',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can be unavailable (private modes, blocked cookies); the app then simply forgets between visits.
export function readText(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value lives only for this page.
  }
}

export function removeEntry(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, JSON.stringify(value));
}

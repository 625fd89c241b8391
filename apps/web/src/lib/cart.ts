import { useSyncExternalStore } from 'react';
import { parseJson, readText, STORAGE_KEYS, writeJson } from './storage';

// spec §1: the cart lives in local storage under the key 'cart' as JSON, starts from the saved cart (else
// empty), is saved after every change, and adding appends to the end. It lives in lib because the header
// (its count) and the listings and payments features all use it.

// A listing as the cart remembers it when it was added; the cart page checks it again when it opens.
export type CartEntry = {
  productId: string;
  title: string;
  // The listing's main picture (a URL), or null when it had none.
  picture: string | null;
  // Whole naira, as listed when added. The server decides what is paid.
  price: number;
  quantity: number;
};

function isCartEntry(value: unknown): value is CartEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.productId === 'string' &&
    entry.productId !== '' &&
    typeof entry.title === 'string' &&
    (entry.picture === null || typeof entry.picture === 'string') &&
    typeof entry.price === 'number' &&
    Number.isFinite(entry.price) &&
    typeof entry.quantity === 'number' &&
    Number.isInteger(entry.quantity) &&
    entry.quantity >= 1
  );
}

// A saved cart that cannot be read (edited by hand, an older shape) keeps the entries that still make sense.
function parseCart(text: string | null): CartEntry[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter(isCartEntry) : [];
}

const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedEntries: CartEntry[] = [];

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key === STORAGE_KEYS.cart || event.key === null) notify();
}

// Local storage is the source of truth (other tabs change it too); the parsed list is cached by its text
// so that React gets the same array until the cart really changes.
function getEntries(): CartEntry[] {
  const text = readText(STORAGE_KEYS.cart);
  if (text !== cachedText) {
    cachedText = text;
    cachedEntries = parseCart(text);
  }
  return cachedEntries;
}

function save(entries: CartEntry[]) {
  writeJson(STORAGE_KEYS.cart, entries);
  notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function has(productId: string): boolean {
  return getEntries().some((entry) => entry.productId === productId);
}

// Appends the listing. A used item is one unit, so a listing already in the cart is not added twice; the
// answer says whether it was added.
function add(entry: CartEntry): boolean {
  const entries = getEntries();
  if (entries.some((existing) => existing.productId === entry.productId)) return false;
  save([...entries, entry]);
  return true;
}

function remove(productId: string): void {
  const entries = getEntries();
  if (!entries.some((entry) => entry.productId === productId)) return;
  save(entries.filter((entry) => entry.productId !== productId));
}

export const cart = { getEntries, subscribe, has, add, remove };

// The server draws an empty cart; the stored one shows once the page is hydrated (decision 060).
const NO_ENTRIES: CartEntry[] = [];
const noEntries = () => NO_ENTRIES;

export function useCart() {
  const entries = useSyncExternalStore(cart.subscribe, cart.getEntries, noEntries);
  const count = entries.reduce((total, entry) => total + entry.quantity, 0);
  return { entries, count, add, remove, has };
}

// What a page hands /checkout through navigation state (spec §2: the product and the seller's id). The
// address carries the product id too (`?product=`), so a reload, or a link, still works without the state.
export type CheckoutState = { product: CartEntry; sellerId: string };

export function checkoutPath(productId: string): string {
  return `/checkout?${new URLSearchParams({ product: productId }).toString()}`;
}

export function isCheckoutState(value: unknown): value is CheckoutState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return isCartEntry(state.product) && typeof state.sellerId === 'string';
}

import { vi } from 'vitest';
import type { Me } from '@marketplace/shared/schemas/accounts';
import type { Bank } from '@marketplace/shared/schemas/banking';
import { jsonResponse, profileOf } from './render-routes';

// Test helpers for the profile page's features (profiles, banking, places, orders, referrals): a fake API
// answering by method and path, and sample data.

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

function urlOf(input: string | URL | Request): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

export const ok = (data: unknown, message = 'OK') => jsonResponse({ ok: true, message, data });

export const failure = (status: number, code: string, message: string) =>
  jsonResponse({ ok: false, message, error: { code } }, status);

// Replaces fetch with a fake API: handlers are keyed 'METHOD /api/path' (no query string). A call with
// no handler is answered 404.
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = urlOf(input);
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    return Promise.resolve(handler ? handler(url, init) : failure(404, 'NOT_FOUND', 'Not found.'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The calls a fake API received for 'METHOD /api/path', each with its URL and request.
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: urlOf(input), init }))
    .filter(({ url, init }) => `${init?.method ?? 'GET'} ${url.pathname}` === key);
}

export const banks: Bank[] = [
  { id: 1, name: 'Access Bank', code: '044' },
  { id: 2, name: 'Guaranty Trust Bank', code: '058' },
  { id: 3, name: 'United Bank For Africa', code: '033' },
  { id: 4, name: 'Zenith Bank', code: '057' },
];


export const newUserProfile: Me = profileOf();

export const sellerProfile: Me = {
  ...newUserProfile,
  phoneNumber: '08031234567',
  address: '12 Admiralty Way, Lekki, Lagos, Nigeria',
  street: '12 Admiralty Way',
  city: 'Lekki',
  state: 'Lagos',
  country: 'Nigeria',
  bio: 'I sell clothes my children have outgrown.',
  accountName: 'ADA OBI',
  accountNumber: '0123456785',
  bankName: 'Guaranty Trust Bank',
  bankCode: '058',
  isVerified: true,
};

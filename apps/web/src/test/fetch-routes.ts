import { vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { jsonResponse } from './render-routes';

export type FetchCall = { method: string; path: string; headers: Headers; body: unknown };
type Answer = (call: FetchCall) => Response | Promise<Response>;

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return body ?? undefined;
}

// Replaces fetch with a mock that answers by method and address ('GET /api/adminProduct?status=pending'
// first, then without the query), as often as it is called, so refetches after a change are answered
// too. Anything not listed gets a 404 envelope.
export function stubFetchRoutes(answers: Record<string, Answer>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const call = { method, path: url, headers: new Headers(init?.headers), body: readBody(init?.body) };
    calls.push(call);
    const answer = answers[`${method} ${url}`] ?? answers[`${method} ${url.split('?')[0] ?? url}`];
    return Promise.resolve(
      answer
        ? answer(call)
        : jsonResponse({ ok: false, message: 'Not found.', error: { code: 'NOT_FOUND' } }, 404),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export function ok(data: unknown, message = 'OK') {
  return () => jsonResponse({ ok: true, message, data });
}

// One page of a list paged by cursor: `meta.nextCursor` names the next page (null on the last).
export function okPage(
  data: unknown[],
  meta: { nextCursor?: string | null; total?: number; unread?: number } = {},
) {
  return () => jsonResponse({ ok: true, message: 'OK', data, meta: { nextCursor: null, ...meta } });
}

export function fail(status: number, code: string, message: string) {
  return () => jsonResponse({ ok: false, message, error: { code } }, status);
}

export function logInAsAdmin(token = 'admin-token') {
  localStorage.setItem(
    STORAGE_KEYS.adminSession,
    JSON.stringify({
      token,
      admin: { id: '7a0c9d8e-1b2c-4d3e-8f90-a1b2c3d4e5f6', email: 'admin@oja.ng', fullName: 'Oja Admin' },
    }),
  );
}

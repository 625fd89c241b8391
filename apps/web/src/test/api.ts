import { http, HttpResponse, matchRequestUrl } from 'msw';
import { setupServer } from 'msw/node';
import type { Envelope, ErrorBody } from '@marketplace/shared/schemas/api';
import type { SiteConfig } from '@marketplace/shared/schemas/payments';
import type { ProductListMeta } from '@marketplace/shared/schemas/products';

// The one fake API of the web tests (MSW): `server` below, which `setup.ts` starts for every test file.
// A test lists its routes with `answerApi`; after the test, its routes and calls are forgotten, and a
// request nobody answered fails it.
// A request the page made, as a test asserts on it.
export type ApiCall = {
  method: string;
  // The address as the page asked for it, query included: '/api/adminProduct?pageSize=50'.
  path: string;
  pathname: string;
  searchParams: URLSearchParams;
  headers: Headers;
  // The JSON body parsed, a FormData, or undefined when there was none.
  body: unknown;
};

// A list's paging, and for the listings' search its extra fields.
type PageMeta = NonNullable<Envelope<unknown>['meta']> | ProductListMeta;

// What the fake API answers: the spec's envelope with a status, or (rarely) a raw Response, say one
// that is not JSON or a network error (`HttpResponse.error()`).
export type Reply = { status: number; body: Envelope<unknown> | ErrorBody } | Response;

export const answer = {
  // `{ ok: true, message, data }` (DESIGN.md), 200 unless the call creates something.
  ok<T>(data: T, message = 'OK', options: { meta?: PageMeta; status?: number } = {}): Reply {
    const { meta, status = 200 } = options;
    return { status, body: { ok: true, message, data, ...(meta === undefined ? {} : { meta }) } };
  },
  // One page of a list: `meta.nextCursor` names the next page (null on the last), or page numbers and total.
  page<T>(data: T[], meta: PageMeta = {}, message = 'OK'): Reply {
    return answer.ok(data, message, { meta: { nextCursor: null, ...meta } });
  },
  // `{ ok: false, message, error: { code, details } }` with an honest status.
  fail(status: number, code: string, message: string, details?: unknown): Reply {
    return {
      status,
      body: { ok: false, message, error: { code, ...(details === undefined ? {} : { details }) } },
    };
  },
};

// An answer for a route: the same reply every time, or a function of the call (a reply that changes
// with what was sent before, or a promise the test resolves later).
export type Answer = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

const calls: ApiCall[] = [];

// Every call the fake API answered during this test, in order.
export function apiCalls(): readonly ApiCall[] {
  return calls;
}

// The calls to 'METHOD path': a path with a query matches that address exactly; one without matches
// every query.
export function callsTo(method: string, path: string): ApiCall[] {
  const hasQuery = path.includes('?');
  return calls.filter(
    (call) => call.method === method && (hasQuery ? call.path === path : call.pathname === path),
  );
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('multipart/form-data')) {
    // Rebuilt with the page's FormData and File (jsdom's), so tests compare them with what the page made.
    const form = new FormData();
    for (const [name, value] of await request.formData()) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new File([await value.arrayBuffer()], value.name, { type: value.type }));
    }
    return form;
  }
  const text = await request.text();
  if (text === '') return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

type Route = { method: string; pattern: string; query: string; answer: Answer };
// The routes of this test, newest first (a later answerApi answers before an earlier one).
const routes: Route[] = [];
const unanswered: string[] = [];

// Answers the listed routes for this test: 'METHOD /api/path' (MSW path patterns such as ':id' work),
// or 'METHOD /api/path?query' for that query only (it wins over the same path without a query). A request
// to anything else fails the test (setup.ts). Returns the recorded calls for convenience.
export function answerApi(listed: Record<string, Answer>) {
  const added = Object.entries(listed).map(([key, answer]): Route => {
    const [method, address, ...rest] = key.split(' ');
    if (!method || !address || rest.length > 0) throw new Error(`answerApi: '${key}' is not 'METHOD /path'`);
    const [pattern = address, query] = address.split('?');
    return { method, pattern, query: query === undefined ? '' : `?${query}`, answer };
  });
  routes.unshift(...added);
  return { calls: apiCalls(), callsTo };
}

const siteConfigDefaults: SiteConfig = { donateFormUrl: null, buyerProtection: true };

// Which test a request belongs to: the page sends it with TEST_HEADER (setup.ts's fetch), counted up after each
// test. A request a finished test's page started (a piece that loaded as the test ended) reaches the fake API
// after the next test's routes are in place: it fails quietly, and is not that test's.
export const TEST_HEADER = 'x-web-test';
let currentTest = 0;
export function testNumber(): number {
  return currentTest;
}

// The one handler: finds the test's route for each request, records the call and answers it.
const answerTheTestsRoutes = http.all('*', async ({ request }) => {
  const startedIn = request.headers.get(TEST_HEADER);
  if (startedIn !== null && Number(startedIn) !== currentTest) return HttpResponse.error();
  const url = new URL(request.url);
  const candidates = routes.filter(
    (route) => route.method === request.method && matchRequestUrl(url, route.pattern).matches,
  );
  const route =
    candidates.find((candidate) => candidate.query === url.search) ??
    candidates.find((candidate) => candidate.query === '');
  // The server's public settings, asked by many pages: the defaults unless the test answers it itself.
  if (!route && request.method === 'GET' && url.pathname === '/api/site-config') {
    return HttpResponse.json(answer.ok(siteConfigDefaults).body);
  }
  if (!route) {
    const request_ = `${request.method} ${url.pathname}${url.search}`;
    unanswered.push(request_);
    console.error(`[test api] no answer for ${request_}: the page sees a network failure`);
    return HttpResponse.error();
  }
  const call: ApiCall = {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    pathname: url.pathname,
    searchParams: url.searchParams,
    headers: request.headers,
    body: await readBody(request.clone()),
  };
  calls.push(call);
  const reply = typeof route.answer === 'function' ? await route.answer(call) : route.answer;
  return reply instanceof Response ? reply.clone() : HttpResponse.json(reply.body, { status: reply.status });
});

export const server = setupServer(answerTheTestsRoutes);

// After each test: forgets its routes and calls, and hands back the requests nobody answered.
export function resetApi(): string[] {
  currentTest++;
  routes.length = 0;
  calls.length = 0;
  return unanswered.splice(0);
}

// A reply the test sends when it chooses (to see the page while a call is in flight).
export function heldReply() {
  let release: (reply: Reply) => void = () => {};
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => reply, release };
}

// The one way the API calls a provider's JSON API (Paystack, GoShiip): a deadline on every call, one retry of
// a read that met a dropped connection or a gateway error, a provider's own error type for every failure,
// and a short-lived cache for lists that rarely change.

export type ProviderReply = { status: number; body: unknown };

export type ProviderRequest = { query?: Record<string, string>; body?: unknown };

export type ProviderClientOptions = {
  // Names the provider in error messages: `paystack GET /bank failed`.
  name: string;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  // Builds the provider's own error from a message (and its cause).
  toError: (message: string, cause?: unknown) => Error;
  // Tries of a GET after the first, on a network failure or a 502, 503 or 504 (not after a timeout).
  readRetries?: number;
  retryDelayMs?: number;
};

type Method = 'GET' | 'POST' | 'PUT';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

class NotJsonError extends Error {}

export function createProviderClient(options: ProviderClientOptions) {
  const readRetries = options.readRetries ?? 1;
  const retryDelayMs = options.retryDelayMs ?? 250;

  async function send(method: Method, url: URL, body: unknown): Promise<ProviderReply> {
    const response = await fetch(url, {
      method,
      headers: {
        ...options.headers,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    } catch {
      // A failure page in HTML is still a failure the caller maps by its status; a 2xx must be JSON.
      if (response.ok) throw new NotJsonError();
      return { status: response.status, body: null };
    }
  }

  return async function call(
    method: Method,
    path: string,
    request: ProviderRequest = {},
  ): Promise<ProviderReply> {
    const url = new URL(`${options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    // Note: error messages name the method and path only, never the query (account numbers), the body or the key.
    const what = `${options.name} ${method} ${path}`;
    const tries = method === 'GET' ? 1 + readRetries : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await send(method, url, request.body);
        if (attempt < tries && GATEWAY_STATUSES.has(reply.status)) {
          await delay(retryDelayMs);
          continue;
        }
        return reply;
      } catch (error) {
        if (error instanceof NotJsonError) throw options.toError(`${what}: reply is not JSON`);
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        if (!timedOut && attempt < tries) {
          await delay(retryDelayMs);
          continue;
        }
        throw options.toError(`${what}: ${timedOut ? 'timed out' : 'failed'}`, error);
      }
    }
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Keeps each key's loaded value for `ttlMs`; callers at the same moment share one load, and a failed load is
// not kept, so the next caller tries again.
export function createCachedLoader<Key, Value>(ttlMs: number, load: (key: Key) => Promise<Value>) {
  const entries = new Map<Key, { loadedAt: number; value: Promise<Value> }>();
  return function cached(key: Key): Promise<Value> {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.loadedAt <= ttlMs) return entry.value;
    const loading = load(key);
    entries.set(key, { loadedAt: Date.now(), value: loading });
    loading.catch(() => {
      if (entries.get(key)?.value === loading) entries.delete(key);
    });
    return loading;
  };
}

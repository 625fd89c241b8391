import type { Envelope, ErrorBody } from '@marketplace/shared/schemas/api';
import { i18n } from '../i18n/i18n';
import { adminSession, userSession } from './session';

// The API is served by the same origin (in development Vite forwards /api to it).
const API_BASE = '/api';

// How a call reaches the API: the browser's fetch; the server's own renderer passes its calls to the API in
// the same process instead (entry-server.tsx, decision 060).
let send: typeof fetch = (input, init) => fetch(input, init);
export function sendApiRequestsThrough(fetcher: typeof fetch): void {
  send = fetcher;
}

// Which token a call carries (spec §7): the user's for user calls, the admin's for admin calls.
export type Audience = 'user' | 'admin' | 'none';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  audience?: Audience;
  signal?: AbortSignal;
};

export type ApiSuccess<T> = Envelope<T> & { status: number };
export type ApiFailure = ErrorBody & { status: number };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

// Codes for failures that happen before the API could answer; status 0 means no answer at all.
export const CLIENT_ERROR_CODES = { network: 'NETWORK_ERROR', invalidResponse: 'INVALID_RESPONSE' } as const;

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.error.code;
    this.status = failure.status;
    this.details = failure.error.details;
  }
}

// An API error as the page's state carries it from the server (JSON: an Error's message is not one of its
// own enumerable properties), and back (app/start.tsx).
type PageStateError = { apiError: ApiFailure };
export function pageStateError(error: ApiError): PageStateError {
  return {
    apiError: {
      ok: false,
      message: error.message,
      error: { code: error.code, details: error.details },
      status: error.status,
    },
  };
}
export function fromPageStateError(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('apiError' in value)) return value;
  return new ApiError((value as PageStateError).apiError);
}

function failure(status: number, code: string, message: string): ApiFailure {
  return { ok: false, message, error: { code }, status };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// A reply in the API's envelope: a success has data, a failure an error code.
export function isEnvelope<T>(value: unknown): value is Envelope<T> | ErrorBody {
  if (!isObject(value) || typeof value.message !== 'string') return false;
  if (value.ok === true) return 'data' in value;
  return value.ok === false && isObject(value.error) && typeof value.error.code === 'string';
}

function tokenFor(audience: Audience): string | undefined {
  if (audience === 'user') return userSession.get()?.token;
  if (audience === 'admin') return adminSession.get()?.token;
  return undefined;
}

// spec §7: the one helper every call goes through. It never throws for a network or parse failure;
// it answers `{ ok: false, message, error }` instead.
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', body, audience = 'user', signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = tokenFor(audience);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    // Note: no Content-Type for form data; the browser adds it with the multipart boundary.
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await send(`${API_BASE}${path}`, { method, headers, body: requestBody, signal });
  } catch (error) {
    // A cancelled request is not a failure to report; whoever cancelled it handles that.
    if (signal?.aborted) throw error;
    // Only a browser that knows it is offline is told to check its connection; otherwise the server is the
    // likelier cause (issue 32).
    const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return failure(
      0,
      CLIENT_ERROR_CODES.network,
      i18n.t(isOffline ? 'network.offline' : 'network.unreachable'),
    );
  }

  // spec §4: a rejected token means the session is over.
  if (response.status === 401 && token) {
    if (audience === 'admin') adminSession.clear();
    else userSession.clear();
  }

  // The connection worked but the server did not answer with an envelope: a 5xx from the proxy in front of
  // a server that is down or restarting says so, not that the user's connection failed (issue 32).
  const unreadable = () =>
    failure(
      response.status,
      CLIENT_ERROR_CODES.invalidResponse,
      i18n.t(response.status >= 500 ? 'network.serverDown' : 'network.invalidResponse'),
    );
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    return unreadable();
  }
  if (!isEnvelope<T>(payload)) return unreadable();
  return { ...payload, status: response.status };
}

// For TanStack Query: the same call, but a failure is thrown as an ApiError carrying its code and status.
export async function apiRequestOrThrow<T>(path: string, options?: RequestOptions): Promise<ApiSuccess<T>> {
  const result = await apiRequest<T>(path, options);
  if (!result.ok) throw new ApiError(result);
  return result;
}

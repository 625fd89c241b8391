import { i18n } from '../../../i18n/i18n';
import { CLIENT_ERROR_CODES, isEnvelope, type ApiResult } from '../../../lib/api-client';
import { userSession } from '../../../lib/session';

const API_BASE = '/api';

export type UploadProgress = { loaded: number; total: number; percent: number };

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

function failure<T>(status: number, code: string, message: string): ApiResult<T> {
  return { ok: false, message, error: { code }, status };
}

// What came back from a form upload: the status and the parsed JSON body (null when it was not JSON), or
// status 0 when the request never got an answer.
export type RawUploadResult = { status: number; payload: unknown };

// Sends form data to any address and reports upload progress. fetch cannot report how much of a request
// body has been sent, XMLHttpRequest can: on a slow connection a seller must see a file moving. It never
// rejects for a network or parse failure; it rejects only when cancelled.
export function sendFormWithProgress(
  url: string,
  body: FormData,
  { onProgress, signal, headers = {} }: UploadOptions & { headers?: Record<string, string> } = {},
): Promise<RawUploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };

    function onAbort() {
      request.abort();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (result: RawUploadResult) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };

    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText) as unknown;
      } catch {
        payload = null;
      }
      settle({ status: request.status, payload });
    };
    request.onerror = () => {
      settle({ status: 0, payload: null });
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    request.send(body);
  });
}

// Sends form data to our API with the user's token, and reads the answer as the API's envelope.
export async function uploadWithProgress<T>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<ApiResult<T>> {
  const token = userSession.get()?.token;
  const { status, payload } = await sendFormWithProgress(`${API_BASE}${path}`, body, {
    ...options,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (status === 0) return failure(0, CLIENT_ERROR_CODES.network, i18n.t('network.unreachable'));
  // spec §4: a rejected token means the session is over.
  if (status === 401 && token) userSession.clear();
  if (!isEnvelope<T>(payload)) {
    // A 5xx without an envelope: the server is down, not the user's connection (issue 32).
    return failure(
      status,
      CLIENT_ERROR_CODES.invalidResponse,
      i18n.t(status >= 500 ? 'network.serverDown' : 'network.invalidResponse'),
    );
  }
  return { ...payload, status };
}

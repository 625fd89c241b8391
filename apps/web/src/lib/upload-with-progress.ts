import { i18n } from '../i18n/i18n';
import { CLIENT_ERROR_CODES, isEnvelope, type ApiResult } from './api-client';
import { userSession } from './session';

const API_BASE = '/api';

export type UploadProgress = { loaded: number; total: number; percent: number };

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

function failure<T>(status: number, code: string, message: string): ApiResult<T> {
  return { ok: false, message, error: { code }, status };
}

// Sends form data with the user's token and reports upload progress. fetch cannot report how much of a
// request body has been sent, XMLHttpRequest can: on a slow connection a seller must see a file moving.
// Like apiRequest it never rejects for a network or parse failure; it rejects only when cancelled.
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = userSession.get()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

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
    const settle = (result: ApiResult<T>) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };

    request.onload = () => {
      // spec §4: a rejected token means the session is over.
      if (request.status === 401 && token) userSession.clear();
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText) as unknown;
      } catch {
        payload = null;
      }
      if (!isEnvelope<T>(payload)) {
        settle(
          failure(request.status, CLIENT_ERROR_CODES.invalidResponse, i18n.t('network.invalidResponse')),
        );
        return;
      }
      settle({ ...payload, status: request.status });
    };
    request.onerror = () => {
      settle(failure(0, CLIENT_ERROR_CODES.network, i18n.t('network.unreachable')));
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    request.send(body);
  });
}

import { vi } from 'vitest';
import { storedMedia } from './fixtures/products';

// A stand-in for XMLHttpRequest, which uploads go through for their progress (features/media/api/upload-with-progress):
// the fake API (MSW) answers fetch, but cannot hold an upload half-sent and report its progress.

type XhrAnswer = { status: number; body: unknown } | 'hold';

// An XMLHttpRequest whose answer the test decides; 'hold' leaves it in flight (progress can be sent).
export function stubXhr(
  answer: (request: FakeXhr) => XhrAnswer = () => ({
    status: 201,
    body: { ok: true, message: 'File uploaded.', data: storedMedia() },
  }),
) {
  const requests: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown = null;
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
      requests.push(this);
      const result = answer(this);
      if (result !== 'hold') queueMicrotask(() => this.respond(result.status, result.body));
    }
    abort() {
      this.onabort?.();
    }
    progress(loaded: number, total: number) {
      this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
export type FakeXhr = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: unknown) => void;
};

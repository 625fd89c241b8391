import { describe, expect, it, vi } from 'vitest';
import { logInAs } from '../../../test/render-routes';
import { STORAGE_KEYS } from '../../../lib/storage';
import { uploadWithProgress } from './upload-with-progress';

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

// An XMLHttpRequest that records what is sent and lets the test drive progress and the answer.
function stubXhr() {
  const sent: Sent[] = [];
  const controls: {
    progress: (loaded: number, total: number) => void;
    respond: (status: number, text: string) => void;
    fail: () => void;
  }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      controls.push({
        progress: (loaded, total) =>
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total })),
        respond: (status, text) => {
          this.status = status;
          this.responseText = text;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      });
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, controls };
}

describe('uploadWithProgress', () => {
  it("posts the form data to the API with the user's token and reports progress in percent", async () => {
    logInAs();
    const { sent, controls } = stubXhr();
    const onProgress = vi.fn();
    const body = new FormData();
    const pending = uploadWithProgress<{ url: string }>('/media', body, { onProgress });

    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/media',
      headers: { Accept: 'application/json', Authorization: 'Bearer user-token' },
      body,
    });
    controls[0]?.progress(25, 100);
    controls[0]?.progress(100, 100);
    expect(onProgress.mock.calls.map(([progress]) => (progress as { percent: number }).percent)).toEqual([
      25, 100,
    ]);

    controls[0]?.respond(
      201,
      JSON.stringify({ ok: true, message: 'File uploaded.', data: { url: '/media/a.webp' } }),
    );
    await expect(pending).resolves.toEqual({
      ok: true,
      message: 'File uploaded.',
      data: { url: '/media/a.webp' },
      status: 201,
    });
  });

  it("answers the server's failure envelope, and ok false without throwing when the network fails", async () => {
    const { controls } = stubXhr();
    const refused = uploadWithProgress('/media', new FormData());
    controls[0]?.respond(
      413,
      JSON.stringify({
        ok: false,
        message: 'Video file size should not exceed 10MB',
        error: { code: 'VIDEO_TOO_LARGE' },
      }),
    );
    await expect(refused).resolves.toMatchObject({
      ok: false,
      status: 413,
      error: { code: 'VIDEO_TOO_LARGE' },
    });

    const offline = uploadWithProgress('/media', new FormData());
    controls[1]?.fail();
    await expect(offline).resolves.toMatchObject({ ok: false, status: 0, error: { code: 'NETWORK_ERROR' } });

    const garbled = uploadWithProgress('/media', new FormData());
    controls[2]?.respond(502, '<html>Bad gateway</html>');
    await expect(garbled).resolves.toMatchObject({
      ok: false,
      status: 502,
      error: { code: 'INVALID_RESPONSE' },
    });
  });

  it('rejects with an AbortError when cancelled, and ends the session on a rejected token', async () => {
    logInAs();
    const { controls } = stubXhr();
    const controller = new AbortController();
    const cancelled = uploadWithProgress('/media', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });

    const expired = uploadWithProgress('/media', new FormData());
    controls[1]?.respond(
      401,
      JSON.stringify({ ok: false, message: 'Please login first', error: { code: 'LOGIN_REQUIRED' } }),
    );
    await expect(expired).resolves.toMatchObject({ ok: false, status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});

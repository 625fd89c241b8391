import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadSignature } from '@marketplace/shared/schemas/media';
import { logInAs } from '../../../test/render-routes';
import { ApiError } from '../../../lib/api-client';
import { answer, answerApi, callsTo } from '../../../test/api';
import { storedMedia, uploadsGoToApi } from '../../../test/fixtures/products';
import { stubXhr } from '../../../test/fake-xhr';
import { resetUploadMode, uploadMedia } from './upload-media';

const signed: UploadSignature = {
  provider: 'cloudinary',
  uploadUrl: 'https://api.cloudinary.com/v1_1/oja/auto/upload',
  fields: {
    api_key: '123456789012345',
    timestamp: '1767225600',
    folder: 'oja/users/8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11',
    allowed_formats: 'jpg,png,webp,mp4,webm,mov',
    signature: 'f1d2d2f924e986ac86fdf7b36c94bcdf32beec15',
  },
  folder: 'oja/users/8b0f0c3e-1f7a-4a55-9d1b-3f0d9a2e7c11',
  allowedFormats: ['jpg', 'png', 'webp', 'mp4', 'webm', 'mov'],
  maxBytes: 10 * 1024 * 1024,
  expiresAt: '2026-01-01T01:00:00.000Z',
};
const secureUrl = 'https://res.cloudinary.com/oja/image/upload/v1767225601/oja/users/8b0f/kq3xv9.jpg';
const photo = () => new File(['jpeg bytes'], 'dress.jpg', { type: 'image/jpeg' });
const withCloudinary = () =>
  answerApi({
    'GET /api/media/upload-signature': () => answer.ok(signed),
  });

beforeEach(() => {
  logInAs();
  resetUploadMode();
});

describe('the upload hook (one way to upload, whichever media adapter the server runs)', () => {
  it('sends the file to POST /api/media when the server has no media host, and asks only once', async () => {
    answerApi(uploadsGoToApi);
    const requests = stubXhr();
    const first = await uploadMedia(photo());
    await uploadMedia(photo());
    expect(first.url).toMatch(/^\/media\/images\//);
    expect(requests.map((request) => request.url)).toEqual(['/api/media', '/api/media']);
    expect(requests[0]?.headers.Authorization).toBe('Bearer user-token');
    expect(callsTo('GET', '/api/media/upload-signature')).toHaveLength(1);
  });

  it('uploads straight to Cloudinary with the signed fields, with progress, and never sends our token there', async () => {
    withCloudinary();
    const requests = stubXhr(() => 'hold');
    const onProgress = vi.fn();
    const file = photo();
    const pending = uploadMedia(file, { onProgress });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(signed.uploadUrl);
    expect(request.headers.Authorization).toBeUndefined();
    const body = request.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== 'file'))).toEqual(
      signed.fields,
    );
    expect(body.get('file')).toBe(file);

    request.progress(5, 10);
    expect(onProgress).toHaveBeenLastCalledWith({ loaded: 5, total: 10, percent: 50 });
    request.respond(200, {
      public_id: 'oja/users/8b0f/kq3xv9',
      secure_url: secureUrl,
      bytes: 10,
      format: 'jpg',
    });
    await expect(pending).resolves.toEqual({ url: secureUrl });
  });

  it('reports a refused or failed direct upload in the user’s words', async () => {
    withCloudinary();
    stubXhr(() => ({ status: 400, body: { error: { message: 'Image file format gif not allowed' } } }));
    const refused = await uploadMedia(photo()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: 'UPLOAD_UNEXPECTED',
      status: 400,
      message: 'An unexpected error occurred.',
    });

    const requests = stubXhr(() => 'hold');
    const offline = uploadMedia(photo()).catch((error: unknown) => error);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    (requests[0] as unknown as { onerror: () => void }).onerror();
    expect(await offline).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('passes on a failure to sign (logged out, server trouble) without uploading anywhere', async () => {
    answerApi({
      'GET /api/media/upload-signature': () => answer.fail(401, 'LOGIN_REQUIRED', 'Please log in.'),
    });
    const requests = stubXhr(() => ({
      status: 201,
      body: { ok: true, message: 'File uploaded.', data: storedMedia() },
    }));
    await expect(uploadMedia(photo())).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', status: 401 });
    expect(requests).toHaveLength(0);
  });
});

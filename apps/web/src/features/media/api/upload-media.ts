import type { Media, UploadSignature } from '@marketplace/shared/schemas/media';
import { i18n } from '../../../i18n/i18n';
import { ApiError, apiRequest, CLIENT_ERROR_CODES } from '../../../lib/api-client';
import { sendFormWithProgress, uploadWithProgress, type UploadOptions } from './upload-with-progress';

// What a listing needs of a stored file: the URL it names it by.
export type UploadedMedia = { url: string };

// Learned from the server's first answer: this server takes uploads at /api/media itself (no media host
// configured). It does not change while the page is open.
let uploadsGoToApi = false;

// POST /api/media: one picture or video in the multipart field `file`. Answers with the URL that the
// listing then refers to. Progress is reported as the file goes up; a failure is thrown as an ApiError.
async function uploadToApi(file: File, options: UploadOptions): Promise<Media> {
  const body = new FormData();
  body.append('file', file);
  const result = await uploadWithProgress<Media>('/media', body, options);
  if (!result.ok) throw new ApiError(result);
  return result.data;
}

function hostFailure(status: number, code: string, message: string): ApiError {
  return new ApiError({ ok: false, status, message, error: { code } });
}

// A direct upload to the media host (Cloudinary) with the parameters our server signed: the file and
// every signed field, nothing else (our token never goes to another host). Answers with its secure_url.
async function uploadToHost(
  signed: UploadSignature,
  file: File,
  options: UploadOptions,
): Promise<UploadedMedia> {
  const body = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) body.append(name, value);
  body.append('file', file);
  const { status, payload } = await sendFormWithProgress(signed.uploadUrl, body, options);
  if (status === 0) throw hostFailure(0, CLIENT_ERROR_CODES.network, i18n.t('network.unreachable'));
  const reply = (payload ?? {}) as { secure_url?: unknown; error?: { message?: unknown } };
  if (status >= 200 && status < 300 && typeof reply.secure_url === 'string') return { url: reply.secure_url };
  // Cloudinary's own words are English and technical; the seller sees our sentence in their language.
  throw hostFailure(status, 'UPLOAD_UNEXPECTED', i18n.t('errors.UPLOAD_UNEXPECTED'));
}

// The one way the web app uploads a listing's picture or video, whichever media adapter the server runs
// (decision 017): it asks GET /api/media/upload-signature; with Cloudinary configured the file goes
// straight there, otherwise (409 MEDIA_UPLOADS_TO_API) to POST /api/media. Progress either way.
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadedMedia> {
  if (uploadsGoToApi) return uploadToApi(file, options);
  const signed = await apiRequest<UploadSignature>('/media/upload-signature', { signal: options.signal });
  if (signed.ok) return uploadToHost(signed.data, file, options);
  if (signed.error.code === 'MEDIA_UPLOADS_TO_API') {
    uploadsGoToApi = true;
    return uploadToApi(file, options);
  }
  throw new ApiError(signed);
}

// For tests: forget what the server said.
export function resetUploadMode() {
  uploadsGoToApi = false;
}

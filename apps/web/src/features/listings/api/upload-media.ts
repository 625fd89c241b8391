import type { Media } from '@marketplace/shared/schemas/products';
import { ApiError } from '../../../lib/api-client';
import { uploadWithProgress, type UploadOptions } from '../../../lib/upload-with-progress';

// POST /api/media: one picture or video in the multipart field `file`. Answers with the URL that the
// listing then refers to. Progress is reported as the file goes up; a failure is thrown as an ApiError.
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<Media> {
  const body = new FormData();
  body.append('file', file);
  const result = await uploadWithProgress<Media>('/media', body, options);
  if (!result.ok) throw new ApiError(result);
  return result.data;
}

import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import { AppError } from '../../lib/errors';

// The profile form as sent (spec §7: multipart with every profile field, and the picture as the
// file field `image`). Only read here; profile rules are in service.ts.
export type ProfileForm = { fields: Record<string, string>; picture: Buffer | null };

export const PICTURE_FIELD = 'image';

// Note: the picture's size is enforced while it streams in (10MB, spec §9), so an oversized upload
// is refused before it is held in memory whole; one file per request at most.
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const fields = new Map<string, string>();
  let picture: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty file part when no picture was chosen.
        if (part.fieldname === PICTURE_FIELD && bytes.length > 0) picture = bytes;
        continue;
      }
      if (typeof part.value !== 'string' || fields.has(part.fieldname)) continue;
      // FormData turns a missing value into the text 'undefined' or 'null': both mean empty.
      fields.set(part.fieldname, part.value === 'undefined' || part.value === 'null' ? '' : part.value);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PROFILE_PICTURE_TOO_LARGE');
    }
    throw error;
  }
  return { fields: Object.fromEntries(fields), picture };
}

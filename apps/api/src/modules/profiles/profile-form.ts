import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';

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
  for await (const part of readMultipart(request, {
    maxFiles: 1,
    tooLarge: () => new AppError(413, 'PROFILE_PICTURE_TOO_LARGE'),
  })) {
    if (part.type === 'file') {
      // A browser sends an empty file part when no picture was chosen.
      if (part.name === PICTURE_FIELD && part.bytes.length > 0) picture = part.bytes;
      continue;
    }
    if (typeof part.value !== 'string' || fields.has(part.name)) continue;
    // FormData turns a missing value into the text 'undefined' or 'null': both mean empty.
    fields.set(part.name, part.value === 'undefined' || part.value === 'null' ? '' : part.value);
  }
  return { fields: Object.fromEntries(fields), picture };
}

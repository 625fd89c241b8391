import type { FastifyRequest } from 'fastify';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import type { AppError } from './errors';
import { SNIFF_BYTES } from './media-type';

export type MultipartPart =
  { type: 'field'; name: string; value: unknown } | { type: 'file'; name: string; bytes: Buffer };

// What a file over the size limit is answered with (a 413 with the caller's code), from its field and its
// first bytes.
type TooLarge = (file: { name: string; head: Buffer }) => AppError | Promise<AppError>;

// The one way a multipart body is read (the profile form, an admin's listing edit, POST /api/media): its
// parts in the order sent, each file read whole. Limits and malformed bodies are the error handler's
// (plugins/errors.ts: 413 PAYLOAD_TOO_LARGE, 400 MALFORMED_BODY).
// Note: a file's size is enforced while it streams in (10MB, spec §9), so an oversized file is cut off
// there and never held whole.
export async function* readMultipart(
  request: FastifyRequest,
  { maxFiles, tooLarge }: { maxFiles: number; tooLarge: TooLarge },
): AsyncGenerator<MultipartPart> {
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: maxFiles } })) {
    if (part.type === 'field') {
      yield { type: 'field', name: part.fieldname, value: part.value };
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    if (part.file.truncated)
      throw await tooLarge({ name: part.fieldname, head: bytes.subarray(0, SNIFF_BYTES) });
    yield { type: 'file', name: part.fieldname, bytes };
  }
}

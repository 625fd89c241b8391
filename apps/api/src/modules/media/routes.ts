import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { MediaSchema, UploadSignatureSchema } from '@marketplace/shared/schemas/media';
import { ok } from '../../lib/envelope';
import { withinQuota } from '../../lib/attempt-limiter';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { sniffMedia } from '../../lib/media-type';
import { readMultipart, type MultipartPart } from '../../lib/multipart';
import { currentUser, requireUser } from '../../plugins/auth';
import { storeMedia } from './service';

// A file over 10MB in the field `file` is a picture or a video too large, by what its first bytes are.
async function fileTooLarge({ name, head }: { name: string; head: Buffer }) {
  if (name !== 'file') return badRequest('MEDIA_FILE_REQUIRED');
  return new AppError(
    413,
    (await sniffMedia(head))?.kind === 'video' ? 'VIDEO_TOO_LARGE' : 'IMAGE_TOO_LARGE',
  );
}

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/media: one file in the multipart field `file`; answers with the URL to put in an upload.
  app.post(
    '/media',
    {
      onRequest: requireUser,
      schema: {
        tags: ['media'],
        security: [{ user: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(MediaSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('MEDIA_FILE_REQUIRED');
      // The first file of the body; a file cut off at 10MB is named by its first bytes.
      let file: MultipartPart | undefined;
      for await (const part of readMultipart(request, { maxFiles: 1, tooLarge: fileTooLarge })) {
        if (part.type !== 'file') continue;
        file = part;
        break;
      }
      if (file?.type !== 'file' || file.name !== 'file' || file.bytes.length === 0)
        throw badRequest('MEDIA_FILE_REQUIRED');
      const bytes = file.bytes;

      // Per user, across processes (decision 016); a file refused below does not count.
      const ownerId = currentUser(request).id;
      const stored = await withinQuota(
        app.db,
        `quota:media:${ownerId}`,
        app.config.userLimits.mediaUploads,
        'MEDIA_UPLOAD_LIMIT',
        () => storeMedia({ db: app.db, storage: app.providers.mediaStorage, ownerId, bytes }),
      );
      return reply.status(201).send(ok(stored, 'MEDIA_UPLOADED'));
    },
  );

  // GET /api/media/upload-signature: signed parameters for one upload straight from the browser to the media
  // host (Cloudinary), into the user's own folder (decision 017). Without a media host configured the
  // answer is 409 MEDIA_UPLOADS_TO_API: files go to POST /api/media instead.
  app.get(
    '/media/upload-signature',
    {
      onRequest: requireUser,
      schema: {
        tags: ['media'],
        security: [{ user: [] }],
        response: { 200: envelopeSchema(UploadSignatureSchema) },
      },
    },
    async (request, reply) => {
      const { signUpload } = app.providers.mediaHost;
      if (!signUpload) throw conflict('MEDIA_UPLOADS_TO_API');
      // Each answer is signed for this moment; a cached one would run out.
      reply.header('cache-control', 'no-store');
      return ok(signUpload(currentUser(request).id), 'MEDIA_UPLOAD_SIGNED');
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { MediaSchema, UploadSignatureSchema } from '@marketplace/shared/schemas/products';
import { ok } from '../../lib/envelope';
import { withinQuota } from '../../lib/attempt-limiter';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { sniffMedia, storeMedia } from './service';

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // POST /api/media: one file in the multipart field `file`; answers with the URL to put in an upload.
  app.post(
    '/media',
    {
      onRequest: requireUser,
      schema: { tags: ['media'], security: [{ user: [] }], consumes: ['multipart/form-data'], response: { 201: envelopeSchema(MediaSchema) } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('MEDIA_FILE_REQUIRED');
      const part = await request.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
      if (!part || part.fieldname !== 'file') throw badRequest('MEDIA_FILE_REQUIRED');

      // Note: the size limit is enforced while the file streams in, so an oversized file is cut off
      // at 10MB and never reaches the disk.
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (part.file.truncated) {
        const type = await sniffMedia(bytes.subarray(0, 4100));
        throw new AppError(413, type?.kind === 'video' ? 'VIDEO_TOO_LARGE' : 'IMAGE_TOO_LARGE');
      }
      if (bytes.length === 0) throw badRequest('MEDIA_FILE_REQUIRED');

      // Per user, across processes (decision 016); a file refused below does not count.
      const ownerId = currentUser(request).id;
      const stored = await withinQuota(app.db, `quota:media:${ownerId}`, app.config.userLimits.mediaUploads, 'MEDIA_UPLOAD_LIMIT', () =>
        storeMedia({ db: app.db, storage: app.providers.mediaStorage, ownerId, bytes }),
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
      schema: { tags: ['media'], security: [{ user: [] }], response: { 200: envelopeSchema(UploadSignatureSchema) } },
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

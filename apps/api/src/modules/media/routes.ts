import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { MediaSchema } from '@marketplace/shared/schemas/products';
import { ok } from '../../lib/envelope';
import { AppError, badRequest } from '../../lib/errors';
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

      const stored = await storeMedia({ db: app.db, storage: app.providers.mediaStorage, ownerId: currentUser(request).id, bytes });
      return reply.status(201).send(ok(stored, 'MEDIA_UPLOADED'));
    },
  );
};

import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import { sendAbsoluteMediaUrls } from '../lib/absolute-media';
import { registerAuth } from '../plugins/auth';
import { registerDocs } from '../plugins/docs';
import { registerErrorHandler } from '../plugins/errors';
import { acceptEmptyJsonBodies } from '../plugins/json-body';
import { registerSecurityHeaders } from '../plugins/security';
import { readIndexHtml } from '../plugins/web';
import { inlineScriptHashes } from '../lib/html';

// How every request is read and answered, before any route: errors in the envelope, empty JSON bodies,
// tokens, security headers, absolute media URLs, compression, multipart uploads and the OpenAPI description.
export async function registerHttp(app: FastifyInstance) {
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerAuth(app);
  registerSecurityHeaders(app, {
    mediaOrigins: app.providers.mediaHost.origins,
    publicUrl: app.config.publicUrl,
    inlineScripts: inlineScriptHashes(readIndexHtml(app.config.webDistDir) ?? ''),
  });
  sendAbsoluteMediaUrls(app);
  // Replies over 1 KB go out compressed (the home list shrinks about five times). Brotli at a moderate
  // level: per-request work stays small; built assets are compressed ahead of time at the highest.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 12, fields: 60, fieldSize: 64 * 1024 },
  });
  await registerDocs(app);
}

import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The media storage port (DESIGN.md): files under a key such as `profile-pictures/<uuid>.webp`,
// served at `/media/<key>`. The local-disk adapter keeps them under DATA_DIR/media; an S3-compatible
// adapter can follow with the same three calls.
export type MediaStorage = {
  kind: 'local';
  put: (key: string, body: Buffer, contentType: string) => Promise<{ key: string; url: string }>;
  delete: (key: string) => Promise<void>;
  // The key of a URL this storage handed out, or null for any other URL.
  keyFromUrl: (url: string) => string | null;
};

export const MEDIA_URL_PREFIX = '/media/';

// Note: keys are built by the server, but are still checked so that no key can leave the media
// directory ('..', absolute paths) or name a hidden file.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{2,5}$/;

export function isMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

export function createLocalMediaStorage(options: { directory: string }): MediaStorage {
  const root = path.resolve(options.directory);
  const fileFor = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`invalid media key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',
    // The content type is implied by the key's extension when the file is served.
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target under a hidden name, then renamed: a half-written file is never served.
      const partial = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`,
      );
      try {
        await writeFile(partial, body, { flag: 'wx' });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, url: mediaUrl(key) };
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    keyFromUrl(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
      const key = url.slice(MEDIA_URL_PREFIX.length);
      return isMediaKey(key) ? key : null;
    },
  };
}

// Serves DATA_DIR/media at /media. Keys never change content (a new upload gets a new key), so files
// are cached for a year.
export async function serveMedia(app: FastifyInstance, options: { directory: string }) {
  mkdirSync(options.directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(options.directory),
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}

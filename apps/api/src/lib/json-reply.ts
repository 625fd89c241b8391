import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { messages, type MessageCode } from '@marketplace/shared/reply-texts';
import { absoluteMediaUrls } from './absolute-media';
import { serializeReply } from './reply-schema';

// Replies whose JSON PostgreSQL builds (docs/decisions/020), sent as text: the public reads of products,
// search and impact, and the admin's users and transactions lists (decision 084). Outside the test suites no
// schema reads these texts: what the SQL selects is what the client gets.

// Public replies are served from the process's micro-cache when fresh; a miss is computed as JSON text
// by PostgreSQL and kept.
export async function cachedBody(
  app: FastifyInstance,
  key: string,
  compute: () => Promise<string>,
): Promise<string> {
  const cache = app.publicCache;
  let body = cache.get(key);
  if (body === undefined) {
    const generation = cache.generation();
    // Kept with absolute media URLs (decision 051): the reply hook then finds nothing to rewrite, and the first
    // view, which reads these texts, shows the same URLs as the API.
    body = absoluteMediaUrls(await compute(), app.config.publicUrl);
    cache.set(key, body, generation);
  }
  return body;
}

export async function sendCached(
  reply: FastifyReply,
  key: string,
  schema: z.ZodType,
  compute: () => Promise<string>,
) {
  return sendCachedBody(reply, schema, await cachedBody(reply.server, key, compute), key);
}

// Sends a text cachedBody gave: its media URLs are absolute already, so the reply hook does not read it again.
export function sendCachedBody(reply: FastifyReply, schema: z.ZodType, body: string, route: string) {
  reply.mediaUrlsAreAbsolute = true;
  return sendJson(reply, schema, body, route);
}

// Sends JSON text built by the database as it is. Under strict replies (the test suites) it is first
// checked against the reply schema, field by field, as every other reply is.
export function sendJson(reply: FastifyReply, schema: z.ZodType, body: string, route: string) {
  if (reply.server.config.strictReplies) serializeReply(schema, JSON.parse(body), { isStrict: true, route });
  return reply.type('application/json; charset=utf-8').send(body);
}

// The envelope (envelope.ts) around data (and meta) that are already JSON text.
export function envelopeJson(code: MessageCode, data: string, meta?: string): string {
  return `{"ok":true,"message":${JSON.stringify(messages[code])},"data":${data}${meta ? `,"meta":${meta}` : ''}}`;
}

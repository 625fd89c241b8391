import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from './media-storage';

// Every picture and video URL in a JSON reply is absolute (decision 051): our own media, stored and built
// as `/media/...`, goes out as `{PUBLIC_URL}/media/...`, so a client on another host (spec §7: the API on a
// host of its own) loads them. Cloudinary's URLs are absolute already. What clients send back is accepted in
// either form (listing-media.ts).

// A JSON string value that starts with `/media/`: its opening quote follows `:`, `,` or `[` (with white
// space between at most). A quote inside a string is always escaped, so a description that merely
// mentions "/media/" is never taken for a URL.
const RELATIVE_MEDIA = /([:,[]\s*)"\/media\//g;

export function absoluteMediaUrls(json: string, publicUrl: string): string {
  if (!json.includes(`"${MEDIA_URL_PREFIX}`)) return json;
  // A replacement pattern rather than a function called per URL: half the time on a list of cards (`$$` is
  // a dollar sign in the pattern, should the address hold one).
  return json.replace(RELATIVE_MEDIA, `$1"${publicUrl.replaceAll('$', '$$$$')}${MEDIA_URL_PREFIX}`);
}

// The stored form of a URL of our own media a client sends back as a reply gave it.
export function relativeMediaUrl(url: string, publicUrl: string): string {
  const prefix = `${publicUrl}${MEDIA_URL_PREFIX}`;
  return url.startsWith(prefix) ? `${MEDIA_URL_PREFIX}${url.slice(prefix.length)}` : url;
}

declare module 'fastify' {
  interface FastifyReply {
    // Set by a route whose JSON text is known to hold absolute media URLs already (json-reply.ts
    // sendCachedBody): the hook below does not read it again, about 14 µs for a list of cards.
    mediaUrlsAreAbsolute: boolean;
  }
}

// Rewrites the JSON replies as they go out. Note: added before the compression hook, which must see the
// final text.
export function sendAbsoluteMediaUrls(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  app.decorateReply('mediaUrlsAreAbsolute', false);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.mediaUrlsAreAbsolute || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.includes('json')) return payload;
    return absoluteMediaUrls(payload, publicUrl);
  });
}

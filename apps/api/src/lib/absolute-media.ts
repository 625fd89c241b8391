import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from './media-storage';

// Every picture and video URL in a JSON reply is absolute (decision 051): our own media, stored and built
// as `/media/...`, goes out as `{PUBLIC_URL}/media/...`, so a client on another host (spec §7: the API on a
// host of its own) loads them. Cloudinary's URLs are absolute already. What clients send back is accepted in
// either form (listing-media.ts).

// A JSON string value that starts with `/media/`: its opening quote follows `:`, `,` or `[` (with JSON's white
// space between at most). A quote inside a string is always escaped, so a description that merely
// mentions "/media/" is never taken for a URL.
const OPENING = `"${MEDIA_URL_PREFIX}`;
const isJsonSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const opensValue = (code: number) => code === 0x3a || code === 0x2c || code === 0x5b; // : , [

export function absoluteMediaUrls(json: string, publicUrl: string): string {
  // Found with indexOf and copied between the URLs, not with a regular expression: a regular expression
  // starting with a set of characters is tried at every character of the text; about 40 percent of its
  // time on a product page (54 URLs in 12 KB).
  let at = json.indexOf(OPENING);
  if (at < 0) return json;
  let out = '';
  let copied = 0;
  while (at >= 0) {
    let before = at - 1;
    while (before >= 0 && isJsonSpace(json.charCodeAt(before))) before--;
    if (opensValue(json.charCodeAt(before))) {
      out += json.slice(copied, at + 1) + publicUrl;
      copied = at + 1;
    }
    at = json.indexOf(OPENING, at + OPENING.length);
  }
  return out + json.slice(copied);
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

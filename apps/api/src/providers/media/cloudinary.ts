import { createHash } from 'node:crypto';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '@marketplace/shared/constants';
import type { UploadSignature } from '@marketplace/shared/schemas/media';
import type { CloudinaryConfig } from '../../config';
import type { ImageVariant } from '../../db/schema';
import { MAX_IMAGE_WIDTH, variantWidths } from '../../lib/images';
import { MediaHostError } from './errors';
import type { HostedAsset, HostedMediaKind, HostedRef, MediaHost } from './index';

// The Cloudinary adapter (decision 017). Browsers upload straight to Cloudinary's Upload API with
// parameters this server signs (SHA-1 of the sorted parameters and the API secret), into a folder of
// their own; a listing then names the asset's https://res.cloudinary.com URL, and the server asks the
// Admin API (GET /v1_1/{cloud}/resources/{type}/upload/{public_id}, Basic auth) whether it exists and
// passes our rules before recording it. Pictures are served through Cloudinary transformations: WebP,
// the local adapter's widths, never enlarged, metadata stripped.

const DELIVERY_ORIGIN = 'https://res.cloudinary.com';
const DEFAULT_TIMEOUT_MS = 10_000;
// Cloudinary refuses a signed upload whose timestamp is more than an hour old.
const SIGNATURE_LIFETIME_SECONDS = 60 * 60;
// Every seller's uploads go to a folder of their own: oja/users/<user id>.
const FOLDER_ROOT = 'oja/users';

// Cloudinary's names for the formats we take (jpeg is 'jpg', QuickTime is 'mov').
export const CLOUDINARY_FORMATS: Record<HostedMediaKind, readonly string[]> = {
  image: ['jpg', 'png', 'webp'],
  video: ['mp4', 'webm', 'mov'],
};
const ALLOWED_FORMATS = [...CLOUDINARY_FORMATS.image, ...CLOUDINARY_FORMATS.video];

// A transformation component such as `c_limit,w_640` or `f_webp`: comma-separated `<name>_<value>` pairs.
const TRANSFORMATION = /^[a-z]{1,3}_[^,/]+(?:,[a-z]{1,3}_[^,/]+)*$/;
const VERSION = /^v(\d{1,20})$/;
const PUBLIC_ID = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

// What the Admin API says about one asset (only the fields we read; it sends many more).
const ResourceSchema = z
  .object({
    public_id: z.string(),
    resource_type: z.string(),
    format: z.string().nullish(),
    version: z.union([z.number(), z.string()]).transform(String),
    bytes: z.number().int().min(0),
    width: z.number().int().positive().nullish(),
    height: z.number().int().positive().nullish(),
  })
  .loose();

// Cloudinary's request signature: every signed parameter as name=value, sorted by name, joined with '&',
// followed by the API secret, hashed with SHA-1 (hex).
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const toSign = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('sha1')
    .update(toSign + apiSecret)
    .digest('hex');
}

// A picture's delivery: WebP, at most `width` wide (c_limit never enlarges), quality chosen by
// Cloudinary, every piece of metadata (EXIF with its GPS position, IPTC, XMP) stripped.
function imageTransformation(width: number): string {
  return `c_limit,f_webp,fl_force_strip,q_auto,w_${width}`;
}

export function createCloudinaryHost(
  config: CloudinaryConfig,
  options: { timeoutMs?: number } = {},
): MediaHost {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deliveryBase = `${DELIVERY_ORIGIN}/${config.cloudName}`;
  const imageUrl = (ref: { publicId: string; version: string }, width: number) =>
    `${deliveryBase}/image/upload/${imageTransformation(width)}/v${ref.version}/${ref.publicId}.webp`;
  // A video is re-encoded to MP4 by Cloudinary (the .mp4 extension asks for it), which leaves the phone's
  // own metadata behind.
  const videoUrl = (ref: { publicId: string; version: string }) =>
    `${deliveryBase}/video/upload/q_auto/v${ref.version}/${ref.publicId}.mp4`;
  // c_limit never enlarges: at this width Cloudinary serves a picture at its own width up to 1,600 px.
  const largest = MAX_IMAGE_WIDTH;

  function recordedUrl(ref: HostedRef): string | null {
    if (!ref.version) return null;
    return ref.kind === 'image'
      ? imageUrl({ publicId: ref.publicId, version: ref.version }, largest)
      : videoUrl({ publicId: ref.publicId, version: ref.version });
  }

  async function fetchResource(ref: HostedRef): Promise<z.infer<typeof ResourceSchema>> {
    const path = ref.publicId.split('/').map(encodeURIComponent).join('/');
    const url = `${config.apiBase}/v1_1/${encodeURIComponent(config.cloudName)}/resources/${ref.kind}/upload/${path}`;
    // Note: error messages name the call, never the key, the secret or the asset.
    const what = `cloudinary GET /resources/${ref.kind}/upload`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          authorization: `Basic ${Buffer.from(`${config.apiKey}:${config.apiSecret}`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new MediaHostError('failed', `${what}: ${reason}`, { cause: error });
    }
    const raw = await response.text().catch(() => '');
    if (response.status === 404) throw new MediaHostError('not-found', `${what}: no such asset`);
    // 401/403: our key was refused (a configuration error); 420/429: over the hourly Admin API limit; 5xx: down.
    if (!response.ok) throw new MediaHostError('failed', `${what} answered ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch (error) {
      throw new MediaHostError('failed', `${what}: reply is not JSON`, { cause: error });
    }
    const parsed = ResourceSchema.safeParse(body);
    if (!parsed.success) throw new MediaHostError('failed', `${what}: unexpected reply`);
    return parsed.data;
  }

  return {
    kind: 'cloudinary',

    signUpload(ownerId) {
      const timestamp = Math.floor(Date.now() / 1000);
      const signed = {
        allowed_formats: ALLOWED_FORMATS.join(','),
        folder: `${FOLDER_ROOT}/${ownerId}`,
        timestamp: String(timestamp),
      };
      const signature: UploadSignature = {
        provider: 'cloudinary',
        // `auto`: Cloudinary decides from the file whether it is an image or a video.
        uploadUrl: `${config.apiBase}/v1_1/${config.cloudName}/auto/upload`,
        fields: {
          ...signed,
          api_key: config.apiKey,
          signature: cloudinarySignature(signed, config.apiSecret),
        },
        folder: signed.folder,
        allowedFormats: ALLOWED_FORMATS,
        maxBytes: MAX_FILE_BYTES,
        expiresAt: new Date((timestamp + SIGNATURE_LIFETIME_SECONDS) * 1000).toISOString(),
      };
      return signature;
    },

    parseUrl(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return null;
      }
      if (url.origin !== DELIVERY_ORIGIN || url.search || url.hash) return null;
      const [cloudName, resourceType, deliveryType, ...rest] = url.pathname.split('/').slice(1);
      if (cloudName !== config.cloudName || deliveryType !== 'upload') return null;
      if (resourceType !== 'image' && resourceType !== 'video') return null;
      let version: string | null = null;
      let index = 0;
      // Transformations, then the version, come before the public id.
      while (index < rest.length - 1) {
        const segment = rest[index] ?? '';
        const versionMatch = VERSION.exec(segment);
        if (versionMatch) {
          version = versionMatch[1] ?? null;
          index += 1;
          break;
        }
        if (!TRANSFORMATION.test(segment)) break;
        index += 1;
      }
      const publicId = rest
        .slice(index)
        .join('/')
        .replace(/\.[A-Za-z0-9]{2,5}$/, '');
      if (!PUBLIC_ID.test(publicId)) return null;
      return { kind: resourceType, publicId, version };
    },

    isOwnedBy(ref, ownerId) {
      return ref.publicId.startsWith(`${FOLDER_ROOT}/${ownerId}/`);
    },

    recordedUrl,

    async inspect(ref): Promise<HostedAsset> {
      const resource = await fetchResource(ref);
      if (resource.resource_type !== ref.kind || resource.public_id !== ref.publicId) {
        throw new MediaHostError('not-found', 'cloudinary: the asset is not the one named');
      }
      const format = resource.format?.toLowerCase() ?? '';
      if (!CLOUDINARY_FORMATS[ref.kind].includes(format))
        throw new MediaHostError('wrong-type', `cloudinary: format ${format} refused`);
      if (resource.bytes > MAX_FILE_BYTES)
        throw new MediaHostError('too-large', 'cloudinary: the asset is over 10 MB');
      const found = { publicId: ref.publicId, version: resource.version };

      if (ref.kind === 'video') {
        return {
          kind: 'video',
          url: videoUrl(found),
          contentType: 'video/mp4',
          bytes: resource.bytes,
          width: null,
          height: null,
          variants: [],
        };
      }
      // The same sizes as a local upload (variantWidths): the standard widths the picture is wider than,
      // then its own width up to 1,600 px, served by the largest transformation (c_limit: never enlarged).
      const width = resource.width ?? largest;
      const widths = variantWidths(width);
      const shown = widths[widths.length - 1] ?? largest;
      const variants: ImageVariant[] = widths.map((target) => ({
        width: target,
        url: imageUrl(found, target === shown ? largest : target),
      }));
      const main = imageUrl(found, largest);
      return {
        kind: 'image',
        url: main,
        contentType: 'image/webp',
        bytes: resource.bytes,
        width: shown,
        height: resource.height ? Math.round((resource.height * shown) / width) : null,
        variants,
      };
    },

    origins: { upload: [new URL(config.apiBase).origin], delivery: [DELIVERY_ORIGIN] },
  };
}

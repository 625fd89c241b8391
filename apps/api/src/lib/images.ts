import sharp from 'sharp';
import { sniffMedia, type AcceptedImageType } from './media-type';

// The widths a listing's pictures are kept in: 320 for the grid (small on a slow phone), 640 and 1280
// for the product page. Never enlarged. The same on the local disk and on Cloudinary.
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

// The largest picture is kept at its own width up to this, for buyers who zoom in full screen (decision 022).
export const MAX_IMAGE_WIDTH = 1600;

// The widths one picture is kept in, on the local disk and on Cloudinary alike: every standard width it is
// wider than, then its own width (at most MAX_IMAGE_WIDTH), so a 1,000 px photo keeps 320, 640 and 1,000
// instead of stopping at 640.
export function variantWidths(width: number | undefined): number[] {
  if (!width) return [...IMAGE_WIDTHS];
  const widths: number[] = IMAGE_WIDTHS.filter((target) => target < width);
  widths.push(Math.min(width, MAX_IMAGE_WIDTH));
  return widths;
}

// Note: a decompression bomb (a small file that decodes to a huge bitmap) is refused before decoding.
const MAX_INPUT_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('image could not be decoded', options);
    this.name = 'UnreadableImageError';
  }
}

// An accepted picture's type, or null (a video, anything else): the one sniffer (media-type.ts), for
// pictures only.
export async function detectImageType(bytes: Uint8Array): Promise<AcceptedImageType | null> {
  const type = await sniffMedia(bytes);
  return type?.kind === 'image' ? (type.mime as AcceptedImageType) : null;
}

// Re-encodes an image to WebP at the given box. Note: EXIF orientation is applied first, then every
// piece of metadata (EXIF with its GPS position, XMP, IPTC, ICC) is left out: sharp only writes
// metadata when asked to (keepMetadata, withMetadata...), and this never asks.
export async function encodeWebp(
  bytes: Uint8Array,
  box: { width: number; height: number; fit: 'cover' | 'inside'; quality?: number },
): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: true })
      .webp({ quality: box.quality ?? 80 })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError({ cause: error });
  }
}

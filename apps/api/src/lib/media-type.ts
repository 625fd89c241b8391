import { fileTypeFromBuffer } from 'file-type';

// The pictures and videos the API accepts, decided by their bytes.
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

// Each accepted video type and the extension it is stored with.
export const VIDEO_EXTENSIONS = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
  ['video/quicktime', 'mov'],
]);

export type MediaKind = 'image' | 'video';

// How many first bytes the sniffer needs (file-type reads no further for the accepted types).
export const SNIFF_BYTES = 4100;

// The one file-type sniffer: what a file is, from its first bytes.
// Note: the type is decided by the bytes (their signature), never by the file name or the Content-Type
// the client declared; a script named photo.jpg is not an image.
export async function sniffMedia(head: Uint8Array): Promise<{ kind: MediaKind; mime: string } | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  if (ACCEPTED_IMAGE_TYPES.some((type) => type === detected.mime))
    return { kind: 'image', mime: detected.mime };
  if (VIDEO_EXTENSIONS.has(detected.mime)) return { kind: 'video', mime: detected.mime };
  return null;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { MEDIA_URL_PREFIX } from '../../lib/media-storage';
import { MediaHostError, type HostedMediaKind, type MediaHost } from '../../providers/media/index';

export type ListingMediaHosting = { host: MediaHost; publicUrl: string };

const notYours = (kind: HostedMediaKind) =>
  badRequest(kind === 'image' ? 'IMAGE_NOT_YOURS' : 'VIDEO_NOT_YOURS');

// A media host failure as the API answers it: never a 500 (decision 017).
function hostFailure(error: unknown, kind: HostedMediaKind): unknown {
  if (!(error instanceof MediaHostError)) return error;
  let failure: AppError;
  if (error.kind === 'not-found') failure = badRequest('MEDIA_NOT_FOUND');
  else if (error.kind === 'too-large')
    failure = new AppError(413, kind === 'image' ? 'IMAGE_TOO_LARGE' : 'VIDEO_TOO_LARGE');
  else if (error.kind === 'wrong-type') failure = new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
  else failure = new AppError(502, 'MEDIA_HOST_UNAVAILABLE');
  failure.cause = error;
  return failure;
}

// One URL a listing names, in the form our media table records it:
// - `{PUBLIC_URL}/media/...` is the relative `/media/...` the upload answered with;
// - a URL of the configured media host (Cloudinary), in the seller's own folder, is checked with the host
//   the first time it is named (it exists, its size and format pass) and recorded as the seller's media;
// - anything else is left as it is, and the listing's own check refuses it unless the seller uploaded it.
async function recordOne({
  db,
  hosting,
  ownerId,
  url,
  kind,
}: {
  db: Database;
  hosting: ListingMediaHosting;
  ownerId: string;
  url: string;
  kind: HostedMediaKind;
}): Promise<string> {
  const localPrefix = `${hosting.publicUrl}${MEDIA_URL_PREFIX}`;
  if (url.startsWith(localPrefix)) return `${MEDIA_URL_PREFIX}${url.slice(localPrefix.length)}`;

  const { host } = hosting;
  const ref = host.parseUrl(url);
  if (!ref) return url;
  // Note: only the seller's own folder (where the uploads this server signed for them go); an asset of
  // another seller, or anywhere else in the cloud, is refused without asking Cloudinary.
  if (ref.kind !== kind || !host.isOwnedBy(ref, ownerId)) throw notYours(kind);

  // The URL as recorded now, or as it was recorded before (a picture recorded when the largest size was
  // 1,280 px keeps its row and sizes): either one asks Cloudinary nothing.
  const known = host.recordedUrl(ref);
  const candidates = known && known !== url ? [known, url] : [url];
  const rows = await db
    .select({ url: media.url })
    .from(media)
    .where(and(inArray(media.url, candidates), eq(media.ownerId, ownerId)));
  const recorded = candidates.find((candidate) => rows.some((row) => row.url === candidate));
  if (recorded) return recorded;
  const asset = await host.inspect(ref).catch((error: unknown) => {
    throw hostFailure(error, kind);
  });
  // Two listings naming the same new asset at once both record it; the second insert does nothing.
  await db
    .insert(media)
    .values({
      ownerId,
      kind: asset.kind,
      url: asset.url,
      contentType: asset.contentType,
      bytes: asset.bytes,
      width: asset.width,
      height: asset.height,
      variants: asset.variants,
    })
    .onConflictDoNothing({ target: media.url });
  return asset.url;
}

// The pictures and video a listing names, as recorded URLs (see recordOne), in the same order.
export async function recordListingMedia<
  T extends { images?: string[] | undefined; video?: string | null | undefined },
>({
  db,
  hosting,
  ownerId,
  input,
}: {
  db: Database;
  hosting: ListingMediaHosting;
  ownerId: string;
  input: T;
}): Promise<T> {
  const [images, video] = await Promise.all([
    input.images
      ? Promise.all(input.images.map((url) => recordOne({ db, hosting, ownerId, url, kind: 'image' })))
      : undefined,
    input.video ? recordOne({ db, hosting, ownerId, url: input.video, kind: 'video' }) : input.video,
  ]);
  return { ...input, ...(images ? { images } : {}), ...(input.video === undefined ? {} : { video }) };
}

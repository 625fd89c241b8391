import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Media } from '@marketplace/shared/schemas/media';
import type { Database } from '../../db/client';
import { disputeMessages, media, productImages, products, type ImageVariant } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { encodeWebp, UnreadableImageError, variantWidths } from '../../lib/images';
import type { MediaStorage } from '../../lib/media-storage';
import { sniffMedia, SNIFF_BYTES, VIDEO_EXTENSIONS } from '../../lib/media-type';
import { MalformedVideoError, stripVideoMetadata } from './video-metadata';

function toMedia(row: typeof media.$inferSelect): Media {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    contentType: row.contentType,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    variants: row.variants,
  };
}

export async function storeMedia({
  db,
  storage,
  ownerId,
  bytes,
}: {
  db: Database;
  storage: MediaStorage;
  ownerId: string;
  bytes: Buffer;
}): Promise<Media> {
  const type = await sniffMedia(bytes.subarray(0, SNIFF_BYTES));
  if (!type) throw new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
  const id = randomUUID();
  const written: string[] = [];
  try {
    if (type.kind === 'video') {
      // Note: videos cannot be re-encoded here; their metadata (a phone's GPS position) is blanked in
      // place, and a video whose structure cannot be walked is refused.
      const stripped = stripVideoMetadata(bytes, type.mime);
      const key = `videos/${id}.${VIDEO_EXTENSIONS.get(type.mime)}`;
      const { url } = await storage.put(key, stripped, type.mime);
      written.push(key);
      const [row] = await db
        .insert(media)
        .values({ id, ownerId, kind: 'video', url, contentType: type.mime, bytes: stripped.length })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toMedia(row);
    }

    const metadata = await sharp(bytes, { failOn: 'error' })
      .metadata()
      .catch((error: unknown) => {
        throw new UnreadableImageError({ cause: error });
      });
    // A phone's portrait photo is stored on its side with an EXIF orientation of 5 to 8; the variants are
    // turned upright (encodeWebp), so their width is the stored height.
    const isTurned = (metadata.orientation ?? 1) >= 5;
    const width = isTurned ? metadata.height : metadata.width;
    const height = isTurned ? metadata.width : metadata.height;
    const variants: ImageVariant[] = [];
    let mainBytes = 0;
    for (const target of variantWidths(width)) {
      const encoded = await encodeWebp(bytes, {
        width: target,
        height: target * 4,
        fit: 'inside',
        quality: target <= 320 ? 70 : 78,
      });
      const key = `images/${id}-${target}.webp`;
      const { url } = await storage.put(key, encoded, 'image/webp');
      written.push(key);
      variants.push({ width: Math.min(target, width ?? target), url });
      mainBytes = encoded.length;
    }
    const main = variants.at(-1);
    if (!main) throw new Error('no variant written');
    const scale = width ? main.width / width : 1;
    const [row] = await db
      .insert(media)
      .values({
        id,
        ownerId,
        kind: 'image',
        url: main.url,
        contentType: 'image/webp',
        bytes: mainBytes,
        width: main.width,
        height: height ? Math.round(height * scale) : null,
        variants,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toMedia(row);
  } catch (error) {
    // Nothing half-written stays behind.
    await Promise.all(written.map((key) => storage.delete(key)));
    if (error instanceof UnreadableImageError || error instanceof MalformedVideoError)
      throw new AppError(415, 'MEDIA_TYPE_NOT_ALLOWED');
    throw error;
  }
}

// Removes an upload that ended up unused (an edit refused after its files were stored): the row, then
// every file written for it.
export async function deleteMedia({
  db,
  storage,
  stored,
}: {
  db: Database;
  storage: MediaStorage;
  stored: Media;
}): Promise<void> {
  await db.delete(media).where(eq(media.id, stored.id));
  const urls = new Set([stored.url, ...stored.variants.map((variant) => variant.url)]);
  const keys = [...urls].map((url) => storage.keyFromUrl(url)).filter((key) => key !== null);
  await Promise.all(keys.map((key) => storage.delete(key)));
}

// Unattached media are removed after a day (decision 016): uploads a listing never used.
export const UNATTACHED_MEDIA_MAX_AGE_MS = 24 * 60 * 60_000;
// The advisory lock key of the sweep: one process sweeps at a time; the others skip their turn.
const MEDIA_SWEEP_LOCK = 727_275;

// Removes media no listing uses (neither as a picture nor as its video) that are older than `maxAgeMs`:
// the rows, then their files. Note: rows are taken FOR UPDATE SKIP LOCKED, so a file a listing write is
// about to use (it reads its media FOR SHARE) is skipped, and is attached by the time of the next sweep.
export async function sweepUnattachedMedia({
  db,
  storage,
  maxAgeMs = UNATTACHED_MEDIA_MAX_AGE_MS,
  batchSize = 500,
}: {
  db: Database;
  storage: MediaStorage;
  maxAgeMs?: number;
  batchSize?: number;
}): Promise<number | null> {
  const cutoff = new Date(Date.now() - maxAgeMs);
  const removed = await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${MEDIA_SWEEP_LOCK})` })
      .from(sql`(select 1) as once`);
    if (!lock?.locked) return null;
    const unused = await tx
      .select({ id: media.id, url: media.url, variants: media.variants })
      .from(media)
      .where(
        and(
          lt(media.createdAt, cutoff),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(productImages)
              .where(eq(productImages.mediaId, media.id)),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(products)
              .where(eq(products.videoId, media.id)),
          ),
          // A dispute's photos are kept with the dispute (decision 058).
          notExists(
            tx
              .select({ one: sql`1` })
              .from(disputeMessages)
              .where(sql`${disputeMessages.photos} @> jsonb_build_array(${media.url})`),
          ),
        ),
      )
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (unused.length === 0) return [];
    await tx.delete(media).where(
      inArray(
        media.id,
        unused.map((row) => row.id),
      ),
    );
    return unused;
  });
  if (removed === null) return null;
  // The rows are gone first, so no listing can come to use a file being removed.
  const keys = removed
    .flatMap((row) => [row.url, ...row.variants.map((variant) => variant.url)])
    .map((url) => storage.keyFromUrl(url));
  await Promise.all([...new Set(keys)].filter((key) => key !== null).map((key) => storage.delete(key)));
  return removed.length;
}

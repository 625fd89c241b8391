import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ProductEditInputSchema, type ProductDetail } from '@marketplace/shared/schemas/products';
import { type Media } from '@marketplace/shared/schemas/media';
import type { Database } from '../../db/client';
import { validationError } from '../../lib/errors';
import type { MediaStorage } from '../../lib/media-storage';
import type { MediaKind } from '../../lib/media-type';
import type { AuthedAdmin } from '../../plugins/auth';
import { deleteMedia, storeMedia } from '../media/index';
import { type ListingHooks, deleteProduct, editProduct, loadAny } from '../products/index';
import { relativeMediaUrl } from '../../lib/absolute-media';

// spec §3: an admin edits or deletes any listing; each change is audited in its own transaction
// (the audit module). The routes (product-routes.ts) only read the request and answer.

// spec §3: the admin edit names the tag sell/donate; the stored tags are 'For sale' and 'Donate'.
const AdminTagSchema = z
  .enum(['sell', 'donate', 'For sale', 'Donate'], { error: 'INVALID_INPUT' })
  .transform((tag) => (tag === 'sell' || tag === 'For sale' ? ('For sale' as const) : ('Donate' as const)));

const AdminEditSchema = ProductEditInputSchema.extend({ tag: AdminTagSchema.optional() });
type AdminEdit = z.output<typeof AdminEditSchema>;

// A file of the admin's edit, read into memory and sniffed but not stored yet. Until the edit has
// been validated it stands in the fields as its placeholder.
export type PendingUpload = { bytes: Buffer; kind: MediaKind; placeholder: string };

// The admin's edit as read from the request: its fields (JSON, or multipart text fields with the new
// files' placeholders) and its files.
export type AdminEditRequest = { fields: unknown; uploads: PendingUpload[] };

// Stores the edit's files as the seller's media and puts their URLs where their placeholders were.
// If the stored files end up unused (the edit is refused), they are removed again.
async function withStoredUploads<T>(
  { db, storage, log }: { db: Database; storage: MediaStorage; log: FastifyBaseLogger },
  { ownerId, uploads, input }: { ownerId: string; uploads: PendingUpload[]; input: AdminEdit },
  apply: (input: AdminEdit) => Promise<T>,
): Promise<T> {
  const stored: Media[] = [];
  try {
    const urls = new Map<string, string>();
    for (const upload of uploads) {
      const item = await storeMedia({ db, storage, ownerId, bytes: upload.bytes });
      stored.push(item);
      urls.set(upload.placeholder, item.url);
    }
    const storedUrl = (url: string) => urls.get(url) ?? url;
    return await apply({
      ...input,
      images: input.images?.map(storedUrl),
      video: input.video ? storedUrl(input.video) : input.video,
    });
  } catch (error) {
    const removals = await Promise.allSettled(
      stored.map((item) => deleteMedia({ db, storage, stored: item })),
    );
    for (const removal of removals) {
      if (removal.status === 'rejected')
        log.warn({ err: removal.reason }, 'unused upload of a refused edit not removed');
    }
    throw error;
  }
}

// An admin's edit of any listing: the whole edit is validated before any of its files is stored, and
// the files are stored as the seller's media.
// Note: the request is read (`readEdit`) only once the listing is known to exist: a missing one is a 404
// before any file is read.
export async function editProductAsAdmin({
  db,
  hooks,
  storage,
  log,
  admin,
  id,
  readEdit,
  publicUrl,
}: {
  db: Database;
  hooks: ListingHooks;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  admin: AuthedAdmin;
  id: string;
  readEdit: () => Promise<AdminEditRequest>;
  publicUrl: string;
}): Promise<ProductDetail> {
  // The seller is read here, the listing again under lock.
  const { ownerId } = await loadAny(db, id);
  const { fields, uploads } = await readEdit();
  const parsed = AdminEditSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error.issues);
  // The dashboard sends the kept pictures back as the replies gave them: absolute (decision 051).
  const relative = (url: string) => relativeMediaUrl(url, publicUrl);
  if (parsed.data.images) parsed.data.images = parsed.data.images.map(relative);
  if (parsed.data.video) parsed.data.video = relative(parsed.data.video);
  const { product } = await withStoredUploads(
    { db, storage, log },
    { ownerId, uploads, input: parsed.data },
    ({ tag, ...input }) => editProduct({ db, hooks, id, input, tag, auditBy: admin }),
  );
  return product;
}

// An admin's delete of any listing, audited.
export async function deleteProductAsAdmin({
  db,
  admin,
  id,
}: {
  db: Database;
  admin: AuthedAdmin;
  id: string;
}) {
  await deleteProduct({ db, id, auditBy: admin });
}

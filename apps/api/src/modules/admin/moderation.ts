import { and, asc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import type { Database } from '../../db/client';
import { adminAuditLog, media, notifications, productImages, products } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { loadAny } from '../products/service';

type ProductRow = typeof products.$inferSelect;

// What the audit log keeps of a listing: its fields (without the generated search vector) and the
// URLs of its pictures, in order.
export async function auditSnapshot(db: Database, product: ProductRow) {
  const { searchVector: _searchVector, ...fields } = product;
  const pictures = await db
    .select({ url: media.url })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.position));
  return { ...fields, images: pictures.map((picture) => picture.url) };
}

export type AuditSnapshot = Awaited<ReturnType<typeof auditSnapshot>>;

// Taken before and after a change: the caller snapshots the listing at the right moment (before an edit
// or a delete changes its pictures).
export async function writeAudit({
  db,
  admin,
  action,
  productId,
  before,
  after,
}: {
  db: Database;
  admin: AuthedAdmin;
  action: string;
  productId: string;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
}) {
  await db.insert(adminAuditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action,
    productId,
    before,
    after,
  });
}

// spec §4: a pending listing becomes approved or rejected; the seller is told, with the reason.
export async function setProductStatus({
  db,
  admin,
  id,
  status,
  reason,
}: {
  db: Database;
  admin: AuthedAdmin;
  id: string;
  status: 'approved' | 'rejected';
  reason?: string;
}) {
  return db.transaction(async (tx) => {
    const before = await loadAny(tx, id);
    // Note: the status is part of the condition, so two admins deciding at once cannot both win.
    const [after] = await tx
      .update(products)
      .set({ status, rejectionReason: status === 'rejected' ? (reason ?? null) : null })
      .where(and(eq(products.id, id), eq(products.status, 'pending')))
      .returning();
    if (!after) throw conflict('STATUS_NOT_PENDING');
    const message =
      status === 'approved'
        ? `Your listing "${before.title}" was approved and is now visible to buyers.`
        : `Your listing "${before.title}" was rejected.${reason ? ` Reason: ${reason}` : ''}`;
    await tx.insert(notifications).values({ userId: before.ownerId, message });
    await writeAudit({
      db: tx,
      admin,
      action: status === 'approved' ? 'approve' : 'reject',
      productId: id,
      before: await auditSnapshot(tx, before),
      after: await auditSnapshot(tx, after),
    });
    return after;
  });
}

export async function listAuditEntries({ db, productId }: { db: Database; productId: string }): Promise<AuditEntry[]> {
  const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.productId, productId)).orderBy(asc(adminAuditLog.createdAt));
  return rows.map((row) => ({
    id: row.id,
    adminEmail: row.adminEmail,
    action: row.action,
    before: row.before,
    after: row.after,
    createdAt: toIso(row.createdAt),
  }));
}

import { asc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import type { Database } from '../../db/client';
import { adminAuditLog, type products } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { listingPictureUrls } from '../products/service';

type ProductRow = typeof products.$inferSelect;

// What the audit log keeps of a listing: its fields (without the generated search vector) and the
// URLs of its pictures, in order.
export async function auditSnapshot(db: Database, product: ProductRow) {
  const { searchVector: _searchVector, titleVector: _titleVector, ...fields } = product;
  return { ...fields, images: await listingPictureUrls(db, product.id) };
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

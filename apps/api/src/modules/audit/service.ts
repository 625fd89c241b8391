import { asc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { toIso } from '../../lib/db-errors';
import type { AuthedAdmin } from '../../plugins/auth';

// The admin audit log: every admin change to a listing, with the listing before and after, written in the
// change's own transaction (a shared service: admin and products write it, admin reads it).

// What the log keeps of a listing before and after a change: its fields and pictures, as the listing's own
// module describes it (products' listingAuditSnapshot).
export type AuditSnapshot = Record<string, unknown>;

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

export async function listAuditEntries({
  db,
  productId,
}: {
  db: Database;
  productId: string;
}): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.productId, productId))
    .orderBy(asc(adminAuditLog.createdAt));
  return rows.map((row) => ({
    id: row.id,
    adminEmail: row.adminEmail,
    action: row.action,
    before: row.before,
    after: row.after,
    createdAt: toIso(row.createdAt),
  }));
}

import { and, eq } from 'drizzle-orm';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import type { PageQuery } from '@marketplace/shared/schemas/api';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import { microTimeIdPage, microTimeIdPaging, rowLimit } from '../../lib/cursor';
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

// A listing's log, newest first, a page at a time (issue 34): on (product_id, created_at, id), any page reads only
// its own entries.
export async function listAuditEntries({
  db,
  productId,
  page,
}: {
  db: Database;
  productId: string;
  page: PageQuery;
}): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const { after, orderBy, key } = microTimeIdPaging(adminAuditLog, {
    cursor: page.cursor,
    direction: 'newest',
  });
  const rows = await db
    .select({ entry: adminAuditLog, key })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.productId, productId), after))
    .orderBy(...orderBy)
    .limit(rowLimit(page.pageSize + 1));
  const { items, nextCursor } = microTimeIdPage(rows, page.pageSize, (row) => ({
    key: row.key,
    id: row.entry.id,
  }));
  return {
    items: items.map(({ entry }) => ({
      id: entry.id,
      adminEmail: entry.adminEmail,
      action: entry.action,
      before: entry.before,
      after: entry.after,
      createdAt: toIso(entry.createdAt),
    })),
    nextCursor,
  };
}

const AUDIT_IN_DETAIL = 50;

// What the admin's page of a listing shows of its log: the newest AUDIT_IN_DETAIL entries and the cursor of the
// rest (GET /admin/products/{id}/audit).
export async function latestAuditEntries({ db, productId }: { db: Database; productId: string }) {
  const { items, nextCursor } = await listAuditEntries({
    db,
    productId,
    page: { cursor: undefined, pageSize: AUDIT_IN_DETAIL },
  });
  return { audit: items, auditNextCursor: nextCursor };
}

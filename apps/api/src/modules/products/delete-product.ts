import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import type { AuthedAdmin } from '../../plugins/auth';
import { writeAudit } from '../audit/index';
import { listingAuditSnapshot, lockListing } from './service';

// Deletes a listing (and its picture links); the media files stay with their owner. Of parallel deletes
// exactly one succeeds: the others wait for the row lock and then find nothing (404). An admin's delete is
// audited in the same transaction.
export async function deleteProduct({
  db,
  id,
  ownerId,
  auditBy,
}: {
  db: Database;
  id: string;
  ownerId?: string;
  auditBy?: AuthedAdmin;
}) {
  await db.transaction(async (tx) => {
    const product = await lockListing(tx, { id, ownerId });
    const before = auditBy ? await listingAuditSnapshot(tx, product) : null;
    await tx.delete(products).where(eq(products.id, id));
    if (auditBy)
      await writeAudit({ db: tx, admin: auditBy, action: 'delete', productId: id, before, after: null });
  });
}

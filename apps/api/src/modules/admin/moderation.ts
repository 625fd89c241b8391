import { eq } from 'drizzle-orm';
import type { NotificationContent } from '@marketplace/shared/notifications';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { AuthedAdmin } from '../../plugins/auth';
import { notifyUser } from '../notifications/index';
import { listingAuditSnapshot, lockListing } from '../products/index';
import { markReportsReviewed } from '../reports/index';
import { writeAudit } from '../audit/index';

// spec §4: a pending listing becomes approved or rejected; the seller is told, with the reason.
// Note: the decision is about the version the admin reviewed (its `updatedAt`); a listing changed since
// then is a 409, so words the admin never saw cannot go live. The row is locked for the whole decision, so
// an edit or a second decision waits for it and then sees its result.
export async function setProductStatus({
  db,
  admin,
  id,
  status,
  reason,
  reviewedVersion,
}: {
  db: Database;
  admin: AuthedAdmin;
  id: string;
  status: 'approved' | 'rejected';
  reason?: string;
  reviewedVersion?: string;
}) {
  return db.transaction(async (tx) => {
    const before = await lockListing(tx, { id });
    if (before.status !== 'pending') throw conflict('STATUS_NOT_PENDING');
    if (reviewedVersion !== undefined && before.updatedAt.getTime() !== new Date(reviewedVersion).getTime()) {
      throw conflict('PRODUCT_CHANGED_SINCE_REVIEW');
    }
    const beforeSnapshot = await listingAuditSnapshot(tx, before);
    const [after] = await tx
      .update(products)
      .set({
        status,
        rejectionReason: status === 'rejected' ? (reason ?? null) : null,
        hiddenForReviewAt: null,
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw new Error('a locked listing was not updated');
    const listing = { title: before.title, productId: id };
    const content: NotificationContent =
      status === 'approved'
        ? { code: 'LISTING_APPROVED', params: listing }
        : reason
          ? { code: 'LISTING_REJECTED_WITH_REASON', params: { ...listing, reason } }
          : { code: 'LISTING_REJECTED', params: listing };
    await notifyUser({ db: tx, userId: before.ownerId, content });
    // The decision answers the reports made so far; only later reports count towards hiding it again. An
    // approval dismisses them (their reporters' later reports weigh less), a rejection upholds them.
    await markReportsReviewed({
      db: tx,
      productId: id,
      outcome: status === 'approved' ? 'dismissed' : 'upheld',
    });
    await writeAudit({
      db: tx,
      admin,
      action: status === 'approved' ? 'approve' : 'reject',
      productId: id,
      before: beforeSnapshot,
      after: await listingAuditSnapshot(tx, after),
    });
    return after;
  });
}

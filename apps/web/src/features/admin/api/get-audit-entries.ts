import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import { useCursorPagesAfter } from '../../../lib/cursor-pages';
import type { AdminProduct } from './get-admin-product';

export const AUDIT_PAGE_SIZE = 50;

// A listing's audit log, newest first, as its reports are (get-listing-reports.ts): its first page with the
// listing, the next ones from GET /api/admin/products/{id}/audit?pageSize&cursor (decision 091).
export function useAuditEntries(product: AdminProduct, fetchedAt: number) {
  return useCursorPagesAfter<AuditEntry>({
    queryKey: ['admin', 'listing-audit', product.id],
    path: `/admin/products/${encodeURIComponent(product.id)}/audit`,
    pageSize: AUDIT_PAGE_SIZE,
    first: { items: product.audit, nextCursor: product.auditNextCursor, total: null },
    fetchedAt,
    audience: 'admin',
  });
}

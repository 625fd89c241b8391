import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@marketplace/shared/schemas/admin';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import type { ListingReport } from '@marketplace/shared/schemas/reports';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

// GET /api/adminProduct/{id}: one listing in any status, with its moderation audit log (the newest 50 entries and
// the cursor of the rest, decision 091) and the reports users made about it (decision 022): the newest 50, the
// cursor of the rest and their count (decision 090).

export type AdminProduct = ProductDetail & {
  audit: AuditEntry[];
  auditNextCursor: string | null;
  reports: ListingReport[];
  reportsNextCursor: string | null;
  reportCount: number;
};

export async function getAdminProduct(id: string, signal?: AbortSignal): Promise<AdminProduct> {
  const result = await apiRequestOrThrow<AdminProduct>(`/adminProduct/${encodeURIComponent(id)}`, {
    audience: 'admin',
    signal,
  });
  return result.data;
}

export function adminProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminProductsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getAdminProduct(id, signal),
  });
}

export function useAdminProduct(id: string) {
  return useQuery(adminProductQueryOptions(id));
}

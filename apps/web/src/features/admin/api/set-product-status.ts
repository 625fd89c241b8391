import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationStatusInput } from '@marketplace/shared/schemas/admin';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

// PUT /api/adminProduct/{id}/status: approves or rejects a pending listing (spec §4), naming the version
// the admin saw (`updatedAt`); the API answers 409 when it is no longer pending or changed since.

export type ProductStatusChange = { id: string } & ModerationStatusInput;

export function setProductStatus({ id, ...input }: ProductStatusChange) {
  return apiRequestOrThrow<ProductDetail>(`/adminProduct/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: input,
    audience: 'admin',
  });
}

export function useSetProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductStatus,
    // Refreshed on failure too: a 409 means someone else already decided or the seller changed the listing,
    // and the list should show that.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}

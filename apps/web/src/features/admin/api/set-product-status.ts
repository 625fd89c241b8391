import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationStatusInput } from '@marketplace/shared/schemas/admin';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

// PUT /api/adminProduct/{id}/status: approves or rejects a pending listing (spec §4); the API answers
// 409 when it is no longer pending.

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
    // Refreshed on failure too: a 409 means someone else already decided, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}

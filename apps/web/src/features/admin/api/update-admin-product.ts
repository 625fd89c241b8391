import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

// PUT /api/adminProduct/{id}: multipart (spec §7); the text fields, the kept image URLs comma-joined
// in `images`, new image files in `images` and a new video file in `video`.

export type AdminProductUpdate = { id: string; form: FormData };

export function updateAdminProduct({ id, form }: AdminProductUpdate) {
  return apiRequestOrThrow<ProductDetail>(`/adminProduct/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: form,
    audience: 'admin',
  });
}

export function useUpdateAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}

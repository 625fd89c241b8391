import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { adminProductsQueryKey } from './get-admin-products';

// DELETE /api/adminProduct/{id}.
export function deleteAdminProduct(id: string) {
  return apiRequestOrThrow<null>(`/adminProduct/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    audience: 'admin',
  });
}

export function useDeleteAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
  });
}

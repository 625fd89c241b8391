import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

// DELETE /api/myProducts/delete/{id}.
export function deleteProduct(id: string) {
  return apiRequestOrThrow<null>(`/myProducts/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

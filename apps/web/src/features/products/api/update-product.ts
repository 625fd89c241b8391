import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductDetail, ProductEditInput } from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

export type UpdateProductVariables = { id: string; changes: ProductEditInput };

// PUT /api/myProducts/{id}: only the fields that changed. The answer says whether the edit sent the
// listing back for approval ('Product updated and sent back for approval.').
export function updateProduct({ id, changes }: UpdateProductVariables) {
  return apiRequestOrThrow<ProductDetail>(`/myProducts/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
  });
}

export function useUpdateProduct(options: { hasErrorToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    meta: { hasErrorToast: options.hasErrorToast ?? true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

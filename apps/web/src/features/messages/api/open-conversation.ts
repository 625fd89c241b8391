import { useMutation } from '@tanstack/react-query';
import { apiRequestOrThrow } from '../../../lib/api-client';

// POST /api/products/{id}/conversation (decision 024): opens the conversation with the seller about this
// listing, or finds the one the user has; its id.
export async function openConversation(productId: string): Promise<string> {
  const result = await apiRequestOrThrow<{ id: string }>(
    `/products/${encodeURIComponent(productId)}/conversation`,
    {
      method: 'POST',
    },
  );
  return result.data.id;
}

export function useOpenConversation() {
  return useMutation({ mutationFn: openConversation });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InitializeTransactionInput,
  InitializeTransactionResult,
} from '@marketplace/shared/schemas/payments';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { checkoutQuoteQueryKey } from './get-checkout-quote';

// POST /api/payment/initialize-transaction with the spec's body (§7). Note: the server computes every
// amount from the stored product and takes the buyer from the token; what is sent here is only checked.
export async function initializeTransaction(
  input: InitializeTransactionInput,
): Promise<InitializeTransactionResult> {
  const result = await apiRequestOrThrow<InitializeTransactionResult>('/payment/initialize-transaction', {
    method: 'POST',
    body: input,
  });
  return result.data;
}

export function useInitializeTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeTransaction,
    // The browser leaves for the payment page: no success toast. A refusal (sold, on hold, ...) is shown
    // by the error toast, and the checkout reads the item again.
    meta: { hasSuccessToast: false },
    onError: (_error, input) =>
      queryClient.invalidateQueries({ queryKey: checkoutQuoteQueryKey(input.product_id) }),
  });
}

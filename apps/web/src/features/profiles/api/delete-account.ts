import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@marketplace/shared/schemas/data-rights';
import { apiRequestOrThrow } from '../../../lib/api-client';

// DELETE /api/userProfile with the password (decision 050): the account is erased and every session ends.
export function deleteAccount(input: DeleteAccountInput) {
  return apiRequestOrThrow<null>('/userProfile', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  // The dialog shows a refusal itself; success ends the session and says so.
  return useMutation({ mutationFn: deleteAccount, meta: { hasSuccessToast: false, hasErrorToast: false } });
}

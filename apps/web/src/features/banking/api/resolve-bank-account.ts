import { useMutation } from '@tanstack/react-query';
import type { ResolveAccountQuery, ResolvedAccount } from '@marketplace/shared/schemas/banking';
import { apiRequestOrThrow } from '../../../lib/api-client';

// GET /api/userProfile/resolve-account: the server asks the payment provider whose account this is and
// remembers the answer; saving the profile with exactly this account is what verifies the seller.
// A GET, but run as a mutation: the user asks for it with the Verify button.
export function resolveBankAccount(query: ResolveAccountQuery) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value) search.set(name, value);
  }
  return apiRequestOrThrow<ResolvedAccount>(`/userProfile/resolve-account?${search.toString()}`);
}

// spec §8: the server's message in a toast, success ('… Save changes to update profile') or failure.
export function useResolveBankAccount() {
  return useMutation({ mutationFn: resolveBankAccount });
}

import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterInput } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// POST /api/users/register: creates the account and logs it in.
export function registerAccount(input: RegisterInput) {
  return apiRequestOrThrow<AuthResult>('/users/register', { method: 'POST', body: input, audience: 'none' });
}

export function useRegisterAccount() {
  const { login } = useSession();
  return useMutation({ mutationFn: registerAccount, onSuccess: (result) => login(result.data) });
}

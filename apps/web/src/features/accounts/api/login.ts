import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginInput } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// POST /api/users/login.
export function logIn(input: LoginInput) {
  return apiRequestOrThrow<AuthResult>('/users/login', { method: 'POST', body: input, audience: 'none' });
}

export function useLogIn() {
  const { login } = useSession();
  return useMutation({ mutationFn: logIn, onSuccess: (result) => login(result.data) });
}

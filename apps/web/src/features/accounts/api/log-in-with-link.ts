import { useMutation } from '@tanstack/react-query';
import type { AuthResult, SignInLinkInput } from '@marketplace/shared/schemas/accounts';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

// POST /api/users/login-link: signs in with a one-time link mailed to the account's owner.
export function logInWithLink(input: SignInLinkInput) {
  return apiRequestOrThrow<AuthResult>('/users/login-link', {
    method: 'POST',
    body: input,
    audience: 'none',
  });
}

export function useLogInWithLink() {
  const { login } = useSession();
  return useMutation({ mutationFn: logInWithLink, onSuccess: (result) => login(result.data) });
}

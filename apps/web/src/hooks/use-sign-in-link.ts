import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

// The call that spends a link: a user's or an admin's sign-in-link mutation's `mutate`.
export type SignInWithLink = (input: { token: string }, options: { onSuccess: () => void }) => void;

// A one-time sign-in link (`?link=` on /login and /adminLogin, mailed to the owner of an account under a
// password-guessing attack) is spent once on arrival; a failure is shown by the mutation's error toast
// and the login form stays. Note: spent once even when React runs effects twice, since a link works once.
export function useSignInLink(signIn: SignInWithLink, onSignedIn: () => void) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('link');
  const spent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || spent.current === token) return;
    spent.current = token;
    signIn({ token }, { onSuccess: onSignedIn });
  }, [token, signIn, onSignedIn]);
  return { hasLink: token !== null };
}

import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

// A one-time sign-in link (`?link=` on /login and /adminLogin, mailed to the owner of an account under a
// password-guessing attack) is spent once on arrival; a failure is shown by the mutation's error toast
// and the login form stays. Note: spent once even when React runs effects twice, since a link works once.
export function useSignInLink(
  signIn: (token: string, onSignedIn: () => void) => void,
  onSignedIn: () => void,
) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('link');
  const spent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || spent.current === token) return;
    spent.current = token;
    signIn(token, onSignedIn);
  }, [token, signIn, onSignedIn]);
  return { hasLink: token !== null };
}

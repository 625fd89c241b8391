import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignInLink } from '../../../hooks/use-sign-in-link';
import { safeRedirectPath, withRedirect } from '../../../lib/safe-redirect';
import { useLogInWithLink } from '../api/log-in-with-link';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // spec §2: afterwards go to ?redirect=, else home.
  const redirectTo = safeRedirectPath(searchParams.get('redirect'));
  const onLoggedIn = useCallback(() => void navigate(redirectTo, { replace: true }), [navigate, redirectTo]);
  const withLink = useLogInWithLink();
  const { mutate } = withLink;
  const signIn = useCallback(
    (token: string, done: () => void) => mutate({ token }, { onSuccess: done }),
    [mutate],
  );
  useSignInLink(signIn, onLoggedIn);
  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={withRedirect('/register', searchParams)}>{t('login.register')}</Link>
        </>
      }
    >
      {withLink.isPending && (
        <p role="status" className="text-body-secondary">
          {t('login.signingInWithLink')}
        </p>
      )}
      <LoginForm onLoggedIn={onLoggedIn} />
    </AuthCard>
  );
}

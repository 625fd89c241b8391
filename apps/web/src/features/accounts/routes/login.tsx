import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignInLink } from '../../../hooks/use-sign-in-link';
import { safeRedirectPath, withRedirect } from '../../../lib/safe-redirect';
import { useLogIn } from '../api/login';
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
  const logIn = useLogIn();
  const withLink = useLogInWithLink();
  useSignInLink(withLink.mutate, onLoggedIn);
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
      <LoginForm logIn={logIn} onLoggedIn={onLoggedIn} hasForgotPassword />
    </AuthCard>
  );
}

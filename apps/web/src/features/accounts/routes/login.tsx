import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // spec §2: afterwards go to ?redirect=, else home.
  const redirectTo = safeRedirectPath(searchParams.get('redirect'));
  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </>
      }
    >
      <LoginForm onLoggedIn={() => void navigate(redirectTo, { replace: true })} />
    </AuthCard>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard title={t('resetPassword.title')}>
      {token ? (
        <ResetPasswordForm token={token} onReset={() => void navigate('/login', { replace: true })} />
      ) : (
        <div className="alert alert-danger" role="alert">
          <p>{t('errors.RESET_TOKEN_INVALID')}</p>
          <Link to="/forgot-password" className="alert-link">
            {t('resetPassword.requestNewLink')}
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('forgotPassword.title')}
      footer={<Link to="/login">{t('forgotPassword.backToLogin')}</Link>}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

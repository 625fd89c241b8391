import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

export function RegisterRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
        </>
      }
    >
      {/* spec §1: a referral link is {site}/register?ref={refID}. */}
      <RegisterForm
        referralCode={searchParams.get('ref') ?? ''}
        onRegistered={() => void navigate('/', { replace: true })}
      />
    </AuthCard>
  );
}

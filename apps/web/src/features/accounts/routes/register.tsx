import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath, withRedirect } from '../../../lib/safe-redirect';
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
          {t('register.haveAccount')}{' '}
          <Link to={withRedirect('/login', searchParams)}>{t('register.login')}</Link>
        </>
      }
    >
      {/* spec §1: a referral link is {site}/register?ref={refID}. */}
      <RegisterForm
        referralCode={searchParams.get('ref') ?? ''}
        onRegistered={() => void navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true })}
      />
    </AuthCard>
  );
}

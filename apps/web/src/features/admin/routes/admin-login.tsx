import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { useSignInLink } from '../../../hooks/use-sign-in-link';
import { useLogInAdminWithLink } from '../api/log-in-admin-with-link';
import { useLogInAdmin } from '../api/log-in-admin';
import { useAdminSlots } from '../slots';

// spec §2: /adminLogin, open to visitors; afterwards the dashboard.
export function AdminLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onLoggedIn = useCallback(() => void navigate('/adminDashboard', { replace: true }), [navigate]);
  const { LoginForm } = useAdminSlots();
  const logIn = useLogInAdmin();
  const withLink = useLogInAdminWithLink();
  useSignInLink(withLink.mutate, onLoggedIn);
  return (
    <div className="container py-4 py-md-5">
      <title>{`${t('admin.login.title')} · ${t('app.name')}`}</title>
      <div className="card shadow-sm mx-auto" style={{ maxWidth: '28rem' }}>
        <div className="card-body p-4">
          <h1 className="h3 mb-1">{t('admin.login.title')}</h1>
          <p className="text-body-secondary mb-4">{t('admin.login.intro')}</p>
          {withLink.isPending && (
            <p role="status" className="text-body-secondary">
              {t('admin.login.signingInWithLink')}
            </p>
          )}
          {LoginForm && <LoginForm logIn={logIn} onLoggedIn={onLoggedIn} />}
        </div>
      </div>
    </div>
  );
}

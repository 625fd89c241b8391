import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminLoginForm } from '../components/admin-login-form';

// spec §2: /adminLogin, open to visitors; afterwards the dashboard.
export function AdminLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="container py-4 py-md-5">
      <title>{`${t('admin.login.title')} · ${t('app.name')}`}</title>
      <div className="card shadow-sm mx-auto" style={{ maxWidth: '28rem' }}>
        <div className="card-body p-4">
          <h1 className="h3 mb-1">{t('admin.login.title')}</h1>
          <p className="text-body-secondary mb-4">{t('admin.login.intro')}</p>
          <AdminLoginForm onLoggedIn={() => void navigate('/adminDashboard', { replace: true })} />
        </div>
      </div>
    </div>
  );
}

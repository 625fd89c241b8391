import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { useAdminSession } from '../../lib/session';
import { toast } from '../../lib/toast';

// spec §2: admin routes check the admin session (its own storage entry) and otherwise warn
// 'Please login first' and go to /adminLogin.
export function RequireAdmin() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAdminSession();

  useEffect(() => {
    if (!isLoggedIn) toast.warning(t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' });
  }, [isLoggedIn, t]);

  return isLoggedIn ? <Outlet /> : <Navigate to="/adminLogin" replace />;
}

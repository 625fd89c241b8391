import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

// spec §2: a login-only page warns 'Please login first' and sends the visitor to
// /login?redirect={current path}, so they come back after logging in.
export function RequireLogin() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const location = useLocation();

  useEffect(() => {
    // The id keeps it to one toast even when a rejected token already reported the same thing.
    if (!isLoggedIn) toast.warning(t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' });
  }, [isLoggedIn, t]);

  if (!isLoggedIn) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <Outlet />;
}

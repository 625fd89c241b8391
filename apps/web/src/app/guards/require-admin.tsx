import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Navigate, Outlet } from 'react-router';
import { GuardFrame } from './guard-frame';
import { useHydrated } from '../../hooks/use-hydrated';
import { useAdminSession } from '../../lib/session';
import { toast } from '../../lib/toast';

// spec §2: admin routes check the admin session (its own storage entry) and otherwise warn
// 'Please login first' and go to /adminLogin.
export function RequireAdmin() {
  const { t } = useTranslation();
  const { isLoggedIn } = useAdminSession();
  // The server cannot know the session: it draws the page's frame, and the browser decides once hydrated.
  const isHydrated = useHydrated();

  useEffect(() => {
    if (isHydrated && !isLoggedIn) toast.warning(() => t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' });
  }, [isHydrated, isLoggedIn, t]);

  if (!isHydrated) return <GuardFrame />;
  return isLoggedIn ? <Outlet /> : <Navigate to="/adminLogin" replace />;
}

import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { GuardFrame } from './guard-frame';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

// spec §2: a login-only page warns 'Please login first' and sends the visitor to
// /login?redirect={current path}, so they come back after logging in.
export function RequireLogin() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  // A page its reader is leaving as the session ends (a deleted account, decision 050) sends nobody to the
  // login page: the navigation under way wins.
  const isLeaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  // The server cannot know the session: it draws the page's frame, and the browser decides once hydrated.
  const isHydrated = useHydrated();

  useEffect(() => {
    // The id keeps it to one toast even when a rejected token already reported the same thing.
    if (isHydrated && !isLoggedIn && !isLeaving)
      toast.warning(() => t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' });
  }, [isHydrated, isLoggedIn, isLeaving, t]);

  if (!isHydrated) return <GuardFrame />;
  if (!isLoggedIn && isLeaving) return null;
  if (!isLoggedIn) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return <Outlet />;
}

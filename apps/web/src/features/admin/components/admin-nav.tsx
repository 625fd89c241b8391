import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from '../../../i18n/use-translation';
import { NavLink, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useAdminSession } from '../../../lib/session';
import { useAdminNotifications } from '../api/get-admin-notifications';
import { useLiveAdminNotifications } from '../api/live-admin-notifications';
import { logOutAdminOnServer } from '../api/log-out-admin';

// The compact admin navigation. It keeps the notifications current on every admin page (live, and polled
// while the live stream is down; spec §9), so the unread count stays current wherever the admin is.
export function AdminNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { logout } = useAdminSession();
  const { data: notifications } = useAdminNotifications();
  useLiveAdminNotifications();
  // Every unread notice, loaded or not (the list is paged).
  const unreadCount = notifications?.pages[0]?.unread ?? 0;

  const [isLoggingOut, setIsLoggingOut] = useState(false);

  // The session ends only once the admin pages have gone (this cleanup runs when the admin layout
  // unmounts), so the guard never answers the logout with 'Please login first'.
  useEffect(() => {
    if (!isLoggingOut) return;
    return () => {
      logout();
      // Note: what the admin saw is not kept for whoever uses this browser next.
      queryClient.removeQueries({ queryKey: ['admin'] });
      toast.info(() => t('admin.nav.loggedOut'));
    };
  }, [isLoggingOut, logout, queryClient, t]);

  function onLogout() {
    void logOutAdminOnServer();
    setIsLoggingOut(true);
    void navigate('/adminLogin', { replace: true });
  }

  const links = [
    { to: '/adminDashboard', label: t('admin.nav.dashboard') },
    {
      to: '/admin/notifications',
      label: t('admin.nav.notifications'),
      badge: unreadCount > 0 && (
        <Badge pill bg="danger" className="ms-1">
          <span aria-hidden="true">{unreadCount}</span>
          <span className="visually-hidden">{t('admin.nav.unread', { count: unreadCount })}</span>
        </Badge>
      ),
    },
    { to: '/admin/users', label: t('admin.nav.users') },
    { to: '/admin/transactions', label: t('admin.nav.transactions') },
    { to: '/admin/disputes', label: t('admin.nav.disputes') },
    { to: '/admin/payouts', label: t('admin.nav.payouts') },
  ];

  return (
    <nav className="admin-nav bg-light border-bottom" aria-label={t('admin.nav.label')}>
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="fw-bold text-primary me-2">{t('admin.title')}</span>
        <ul className="nav nav-pills flex-wrap">
          {links.map(({ to, label, badge }) => (
            <li key={to} className="nav-item">
              <NavLink to={to} className="nav-link py-1 px-2">
                {label}
                {badge}
              </NavLink>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm ms-auto"
          onClick={onLogout}
          disabled={isLoggingOut}
        >
          {t('admin.nav.logout')}
        </button>
      </div>
    </nav>
  );
}

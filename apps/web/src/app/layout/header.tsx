import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { BellIcon, CartIcon, HeartIcon, LeafLogo, UploadIcon } from '../../components/ui/icons';
import { logOutOnServer } from '../../features/accounts/api/log-out';
import { useCart } from '../../lib/cart';
import { lazyPiece } from '../../lib/load-chunk';
import { useMe } from '../../lib/me';
import { useAdminSession, useSession } from '../../lib/session';
import { LanguageMenu } from './language-menu';
import { SearchBox } from './search-box';
import { toast } from '../../lib/toast';

// What only a signed-in reader's header has loads with their session, not in every visitor's first scripts:
// the server draws every page signed out (decision 060), so nothing of it is in the server's markup.
const MessagesLink = lazyPiece(
  async () => (await import('../../features/messages/components/messages-link')).MessagesLink,
);
const LiveNotifications = lazyPiece(async () => (await import('./live-notifications')).LiveNotifications);

// spec §2: the header on every page. Collapses behind a hamburger below the lg breakpoint, and folds
// away again once a link is chosen. The hamburger is a <details> disclosure and the stylesheet opens the
// menu from it (styles/_layout.scss), so the menu opens and closes before the scripts arrive, from the
// keyboard too, and a screen reader hears its state (decision 063).
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoggedIn, logout } = useSession();
  const { isLoggedIn: isAdmin } = useAdminSession();
  const { data: me } = useMe();
  const { count: cartCount } = useCart();
  const username = me?.username ?? user?.username ?? '';
  const pictureUrl = me?.profilePicture ?? user?.profilePicture ?? null;
  const unreadCount = me?.notifications.filter((notification) => !notification.read).length ?? 0;
  const menuToggleRef = useRef<HTMLDetailsElement>(null);
  const closeMenu = useCallback(() => {
    if (menuToggleRef.current) menuToggleRef.current.open = false;
  }, []);

  // Logging out leaves the page first and ends the session only once the home page is committed, so a
  // login-only page (still on screen while the navigation runs) never answers with 'Please login first'.
  const { pathname } = useLocation();
  const isLoggingOut = useRef(false);
  const endSession = useCallback(() => {
    isLoggingOut.current = false;
    void logOutOnServer();
    logout();
    toast.info(() => t('header.loggedOut'));
  }, [logout, t]);
  useEffect(() => {
    if (isLoggingOut.current && pathname === '/') endSession();
  }, [pathname, endSession]);

  function onLogout() {
    closeMenu();
    if (pathname === '/') return endSession();
    isLoggingOut.current = true;
    void navigate('/');
  }

  return (
    <header className="app-header">
      <nav className="navbar navbar-expand-lg py-2">
        <div className="container">
          <Link to="/" className="navbar-brand app-brand" aria-label={t('header.homeLink')}>
            <LeafLogo />
            <span aria-hidden="true">{t('app.name')}</span>
          </Link>
          {/* Always in reach on phones: the bell, then the menu button; on wide screens they sit at the end. */}
          <div className="header-quick d-flex align-items-center gap-1 ms-auto order-lg-last">
            {isLoggedIn && (
              <Suspense fallback={null}>
                {/* New notifications reach the badge (and the notifications page) without a reload. */}
                <LiveNotifications />
                <MessagesLink onClick={closeMenu} isSessionConfirmed={me !== undefined} />
              </Suspense>
            )}
            {isLoggedIn && (
              <NavLink
                to="/notifications"
                className="nav-link header-icon-link header-bell"
                onClick={closeMenu}
              >
                <span className="header-icon">
                  <BellIcon />
                  {unreadCount > 0 && (
                    <span className="badge rounded-pill bg-danger notification-badge" aria-hidden="true">
                      {unreadCount}
                    </span>
                  )}
                </span>
                <span className="visually-hidden">{t('header.notifications')}</span>
                {unreadCount > 0 && (
                  <span className="visually-hidden">
                    {' '}
                    {t('header.unreadNotifications', { count: unreadCount })}
                  </span>
                )}
              </NavLink>
            )}
            <details ref={menuToggleRef} className="header-menu-toggle">
              <summary className="navbar-toggler" aria-controls="main-navigation">
                <span className="navbar-toggler-icon" aria-hidden="true" />
                <span className="visually-hidden">{t('header.toggleNavigation')}</span>
              </summary>
            </details>
          </div>
          <SearchBox onSearch={closeMenu} />
          <div id="main-navigation" className="navbar-collapse header-menu">
            <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
              {isLoggedIn && (
                <>
                  <li className="nav-item">
                    <NavLink
                      to="/profile"
                      className="nav-link header-icon-link"
                      aria-label={t('header.profileLink', { username })}
                      onClick={closeMenu}
                    >
                      <Avatar name={username} pictureUrl={pictureUrl} />
                      <span>{username}</span>
                    </NavLink>
                  </li>
                  <li className="nav-item">
                    <NavLink to="/saved" className="nav-link header-icon-link" onClick={closeMenu}>
                      <HeartIcon />
                      <span>{t('favourites.headerLink')}</span>
                    </NavLink>
                  </li>
                  <li className="nav-item">
                    <NavLink to="/offers" className="nav-link" onClick={closeMenu}>
                      {t('offers.myOffers')}
                    </NavLink>
                  </li>
                </>
              )}
              <li className="nav-item">
                <NavLink to="/cart" className="nav-link header-icon-link" onClick={closeMenu}>
                  <CartIcon />
                  <span>{t('header.cart')}</span>
                  {cartCount > 0 && (
                    <span className="badge rounded-pill bg-primary">
                      <span aria-hidden="true">{cartCount}</span>
                      <span className="visually-hidden">{t('header.cartCount', { count: cartCount })}</span>
                    </span>
                  )}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/upload" className="nav-link header-icon-link" onClick={closeMenu}>
                  <UploadIcon />
                  <span>{t('header.upload')}</span>
                </NavLink>
              </li>
              {isLoggedIn ? (
                <li className="nav-item">
                  <button type="button" className="nav-link" onClick={onLogout}>
                    {t('header.logout')}
                  </button>
                </li>
              ) : isAdmin ? (
                // An admin browsing the shop is not asked to log in as a user; their own pages are one tap away.
                <li className="nav-item">
                  <NavLink to="/adminDashboard" className="nav-link" onClick={closeMenu}>
                    {t('header.adminDashboard')}
                  </NavLink>
                </li>
              ) : (
                <>
                  <li className="nav-item">
                    <NavLink to="/login" className="nav-link" onClick={closeMenu}>
                      {t('header.login')}
                    </NavLink>
                  </li>
                  <li className="nav-item">
                    <NavLink to="/register" className="btn btn-primary px-3 my-2 my-lg-0" onClick={closeMenu}>
                      {t('header.signUp')}
                    </NavLink>
                  </li>
                </>
              )}
              <LanguageMenu onChoose={closeMenu} />
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}

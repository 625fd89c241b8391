import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../components/ui/avatar';
import { BellIcon, LeafLogo, UploadIcon } from '../../components/ui/icons';
import { useMe } from '../../lib/me';
import { useSession } from '../../lib/session';
import { LanguageMenu } from './language-menu';
import { SearchBox } from './search-box';

// spec §2: the header on every page. Collapses behind a hamburger below the lg breakpoint.
export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoggedIn, logout } = useSession();
  const { data: me } = useMe();
  const username = me?.username ?? user?.username ?? '';
  const pictureUrl = me?.profilePicture ?? user?.profilePicture ?? null;
  const unreadCount = me?.notifications.filter((notification) => !notification.read).length ?? 0;

  function onLogout() {
    // Leave the page first, so a login-only page does not answer the logout with 'Please login first'.
    void navigate('/');
    logout();
    toast.info(t('header.loggedOut'));
  }

  return (
    <header className="app-header">
      <Navbar expand="lg" collapseOnSelect className="py-2">
        <Container>
          <Navbar.Brand as={Link} to="/" className="app-brand" aria-label={t('header.homeLink')}>
            <LeafLogo />
            <span aria-hidden="true">{t('app.name')}</span>
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-navigation" aria-label={t('header.toggleNavigation')} />
          <Navbar.Collapse id="main-navigation">
            <SearchBox />
            <Nav className="ms-auto align-items-lg-center gap-lg-1">
              {isLoggedIn && (
                <>
                  <Nav.Link
                    as={NavLink}
                    to="/notifications"
                    eventKey="/notifications"
                    className="header-icon-link"
                  >
                    <BellIcon />
                    <span>{t('header.notifications')}</span>
                    {unreadCount > 0 && (
                      <Badge pill bg="danger" className="notification-badge">
                        <span aria-hidden="true">{unreadCount}</span>
                        <span className="visually-hidden">
                          {t('header.unreadNotifications', { count: unreadCount })}
                        </span>
                      </Badge>
                    )}
                  </Nav.Link>
                  <Nav.Link
                    as={NavLink}
                    to="/profile"
                    eventKey="/profile"
                    className="header-icon-link"
                    aria-label={t('header.profileLink', { username })}
                  >
                    <Avatar name={username} pictureUrl={pictureUrl} />
                    <span>{username}</span>
                  </Nav.Link>
                </>
              )}
              <Nav.Link as={NavLink} to="/upload" eventKey="/upload" className="header-icon-link">
                <UploadIcon />
                <span>{t('header.upload')}</span>
              </Nav.Link>
              {isLoggedIn ? (
                <Nav.Link as="button" eventKey="logout" onClick={onLogout}>
                  {t('header.logout')}
                </Nav.Link>
              ) : (
                <>
                  <Nav.Link as={NavLink} to="/login" eventKey="/login">
                    {t('header.login')}
                  </Nav.Link>
                  <Nav.Link as={NavLink} to="/register" eventKey="/register" className="btn btn-primary px-3">
                    {t('header.signUp')}
                  </Nav.Link>
                </>
              )}
              <LanguageMenu />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}

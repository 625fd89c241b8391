import { useRef } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { useFocusHeadingOnNavigation } from './use-focus-heading';

export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(mainRef);
  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <OfflineNotice />
      {navigation.state !== 'idle' && <div className="navigation-progress" aria-hidden="true" />}
      <main ref={mainRef} id="main-content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

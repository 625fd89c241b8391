import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { lazyPiece } from '../../lib/load-chunk';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { useFocusHeadingOnNavigation } from './use-focus-heading';

// The footer is below every first screen: its script (with the newsletter form's) is not among the page's first
// scripts but loads as the page hydrates. The server draws it, and React keeps the server's footer, whose
// links work meanwhile, until its script has come.
const Footer = lazyPiece(async () => (await import('./footer')).Footer);

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
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}

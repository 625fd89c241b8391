import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@marketplace/shared/constants';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { useTranslation } from '../i18n/use-translation';
import { lazyPiece } from '../lib/load-chunk';
import { keepOfflineCopies, restoreOfflineCopies } from '../lib/offline-copies';
import { createQueryClient } from '../lib/query-client';
import { userSession } from '../lib/session';
import { loadSonner } from '../lib/toast';
import { FeatureSlots } from './feature-slots';

// The toaster is not part of the first paint: it loads beside the first page (see lib/toast.ts). Should it
// not load (the connection dropped), the app works on without toasts rather than falling over.
const Toaster = lazyPiece<ToasterProps>(async () => (await loadSonner()).Toaster);

// The toast region and its close buttons are named in the reader's language.
function TranslatedToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-right"
      // Below the header, so a toast never hides the menu button or the logo on a phone.
      offset={{ top: 72 }}
      mobileOffset={{ top: 64 }}
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel={t('common.toastRegion')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeToast') }}
    />
  );
}

// `queryClient`: the tests' own (with shorter retries); the app makes its own.
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => {
    const client = given ?? createQueryClient();
    restoreOfflineCopies(client);
    return client;
  });

  // Note: cached data belongs to whoever was logged in; logging in, out or being logged out drops it.
  useEffect(() => userSession.subscribe(() => queryClient.removeQueries()), [queryClient]);
  // The signed-in user's last profile, orders, notifications and messages, for reading offline.
  useEffect(() => keepOfflineCopies(queryClient), [queryClient]);

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <FeatureSlots>{children}</FeatureSlots>
        {/* spec §9: toasts top-right, 3 visible, 4000 ms. */}
        <Suspense fallback={null}>
          <TranslatedToaster />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

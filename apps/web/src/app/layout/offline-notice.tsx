import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

// Offline, the service worker still opens the pages and pictures seen before; this says so.
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div className="offline-notice alert alert-warning rounded-0 mb-0 py-2 text-center small" role="status">
      {t('offline.notice')}
    </div>
  );
}

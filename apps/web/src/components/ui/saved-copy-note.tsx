import { useTranslation } from '../../i18n/use-translation';
import { formatDateTime } from '../../lib/format-date';

type SavedCopyNoteProps = {
  // The query whose reply is shown: whether it could not be read again though it has data (isRefetchError), and
  // when that data was fetched. A list's next page that failed is not that: the pages shown are fresh (LoadMore
  // says so).
  query: { isRefetchError: boolean; dataUpdatedAt: number };
};

// Offline (or the server out of reach), a page already seen shows the reply kept from the last visit
// (lib/offline-copies.ts); this says how old it is.
export function SavedCopyNote({ query }: SavedCopyNoteProps) {
  const { t } = useTranslation();
  if (!query.isRefetchError || query.dataUpdatedAt === 0) return null;
  return (
    <p className="alert alert-secondary small py-2" role="status">
      {t('offline.savedCopy', { time: formatDateTime(new Date(query.dataUpdatedAt).toISOString()) })}
    </p>
  );
}

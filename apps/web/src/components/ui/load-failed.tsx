import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';

type LoadFailedProps = { message: ReactNode; onRetry: () => void };

// What a page or list shows when it could not load, with Try again; the error toast has already given
// the server's message (spec §8).
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-danger" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline-danger" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

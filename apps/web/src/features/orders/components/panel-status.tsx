import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed';

type PanelStatusProps = { isPending: boolean; failedText: string; onRetry: () => void };

// What a tab shows while its list loads, or when it could not be loaded (the error toast says why).
export function PanelStatus({ isPending, failedText, onRetry }: PanelStatusProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <div className="d-flex align-items-center py-4" role="status">
        <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  return <LoadFailed message={failedText} onRetry={onRetry} />;
}

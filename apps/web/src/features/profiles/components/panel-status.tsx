import { useTranslation } from 'react-i18next';

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
  return (
    <div className="alert alert-danger" role="alert">
      <p>{failedText}</p>
      <button type="button" className="btn btn-outline-danger" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <span className="spinner-border text-primary me-2" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

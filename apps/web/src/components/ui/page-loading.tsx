import { useTranslation } from '../../i18n/use-translation';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <span className="spinner-border text-primary me-2" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

// 'Loading...' in a tab, a panel or a section of a page, with a small spinner; `spacing`: its padding.
export function SectionLoading({ spacing = 'py-4' }: { spacing?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`d-flex align-items-center ${spacing}`} role="status">
      <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

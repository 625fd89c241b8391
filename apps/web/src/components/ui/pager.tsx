import { useTranslation } from '../../i18n/use-translation';

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  label: string;
};

// Previous and Next for a paged list, with where the reader is. Nothing when everything fits one page.
export function Pager({ page, pageSize, total, onPageChange, label }: PagerProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center justify-content-between gap-2 my-3">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="small text-body-secondary" aria-live="polite">
        {t('pager.position', { page, count: pageCount })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}

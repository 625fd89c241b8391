import { useTranslation } from 'react-i18next';
import type { ListingReport } from '@marketplace/shared/schemas/products';
import { formatDateTime } from '../../../lib/format-date';

// What users reported about the listing (decision 022), newest first; open reports are the ones that
// count towards hiding it, a decision on the listing reviews them.
export function ListingReports({ reports }: { reports: ListingReport[] }) {
  const { t } = useTranslation();
  if (reports.length === 0) return <p className="text-body-secondary">{t('adminReports.empty')}</p>;
  return (
    <ol className="list-unstyled d-grid gap-2 mb-0">
      {reports.map((report) => (
        <li key={report.id} className="card card-body py-2">
          <p className="mb-1">
            <strong>{t(`report.reasons.${report.reason}`)}</strong>{' '}
            <span className={`badge ${report.reviewedAt ? 'text-bg-secondary' : 'text-bg-danger'}`}>
              {report.reviewedAt ? t('adminReports.reviewed') : t('adminReports.open')}
            </span>
          </p>
          {report.note && (
            <p className="mb-1" style={{ whiteSpace: 'pre-line' }}>
              {report.note}
            </p>
          )}
          <p className="small text-body-secondary mb-0">
            {t('adminReports.by', { username: report.reporter.username })} ·{' '}
            <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import type { ListingReport } from '@marketplace/shared/schemas/reports';
import { LoadMore } from '../../../components/ui/load-more';
import { formatDateTime } from '../../../lib/format-date';
import type { AdminProduct } from '../api/get-admin-product';
import { useListingReports } from '../api/get-listing-reports';

// Why a reporter's report weighs what it does (decision 049): only accounts of standing (bank verified,
// bought something, or not new) count towards hiding a listing, less so when admins dismissed their reports.
function ReporterStanding({ standing }: { standing: ListingReport['reporter']['standing'] }) {
  const { t } = useTranslation();
  return (
    <p className="small mb-0 d-flex flex-wrap gap-1 align-items-center">
      <span className={`badge ${standing.hasStanding ? 'text-bg-success' : 'text-bg-warning'}`}>
        {standing.hasStanding
          ? t('adminReports.standing.counts', { weight: standing.weight })
          : t('adminReports.standing.none')}
      </span>
      {standing.isBankVerified && (
        <span className="badge text-bg-light border">{t('adminReports.standing.bankVerified')}</span>
      )}
      {standing.hasPurchase && (
        <span className="badge text-bg-light border">{t('adminReports.standing.hasPurchase')}</span>
      )}
      <span className="text-body-secondary">
        {t('adminReports.standing.memberSince', { date: formatDateTime(standing.memberSince) })}
        {' · '}
        {t('adminReports.standing.history', {
          dismissed: standing.dismissedReports,
          upheld: standing.upheldReports,
        })}
      </span>
    </p>
  );
}

// What users reported about the listing (decisions 022, 049), newest first, with who reported it and their
// standing; open reports are the ones that count towards hiding it, a decision on the listing reviews them. The
// newest 50 come with the listing, the rest with Load more (decision 090).
export function ListingReports({ product, fetchedAt }: { product: AdminProduct; fetchedAt: number }) {
  const { t } = useTranslation();
  const pages = useListingReports(product, fetchedAt);
  const reports = pages.data.pages.flatMap((page) => page.items);
  if (reports.length === 0) return <p className="text-body-secondary">{t('adminReports.empty')}</p>;
  return (
    <>
      <ol className="list-unstyled d-grid gap-2 mb-0" aria-labelledby="listing-reports-heading">
        {reports.map((report) => (
          <li key={report.id} className="card card-body py-2">
            <p className="mb-1">
              <strong>{t(`report.reasons.${report.reason}`)}</strong>{' '}
              <span className={`badge ${report.reviewedAt ? 'text-bg-secondary' : 'text-bg-danger'}`}>
                {report.reviewedAt ? t('adminReports.reviewed') : t('adminReports.open')}
              </span>
            </p>
            {report.note && <p className="mb-1 preserve-lines">{report.note}</p>}
            <p className="small text-body-secondary mb-1">
              {t('adminReports.by', { username: report.reporter.username })} ·{' '}
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
            <ReporterStanding standing={report.reporter.standing} />
          </li>
        ))}
      </ol>
      <LoadMore pages={pages} className="mt-2" />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { formatDateTime } from '../../../lib/format-date';
import { useAdminDisputes } from '../api/admin';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// How long a dispute has been open (or took to settle): days, then hours.
function useAge() {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  return (from: string, to: string | null) => {
    const age = (to ? new Date(to).getTime() : now) - new Date(from).getTime();
    if (age >= DAY) return t('protection.admin.ageDays', { count: Math.floor(age / DAY) });
    if (age >= HOUR) return t('protection.admin.ageHours', { count: Math.floor(age / HOUR) });
    return t('protection.admin.ageUnderHour');
  };
}

// /admin/disputes: every dispute, open ones first (the API's order), with the age of each, a page at a time.
export function AdminDisputesList() {
  const { t } = useTranslation();
  const disputes = useAdminDisputes();
  const ageOf = useAge();
  if (disputes.isPending) return <PageLoading />;
  if (disputes.isLoadingError)
    return (
      <LoadFailed
        message={t('protection.admin.disputesLoadFailed')}
        onRetry={() => void disputes.refetch()}
      />
    );
  // A dispute settled while the admin paged through the open ones comes back among the settled ones: it is shown
  // once, where it was first shown, as it now is.
  const rows = [
    ...new Map(disputes.data.pages.flatMap((page) => page.items.map((row) => [row.id, row]))).values(),
  ];
  if (rows.length === 0) return <p className="text-body-secondary">{t('protection.admin.noDisputes')}</p>;
  // Scrolled sideways on a phone: a region reached by keyboard (axe: scrollable-region-focusable).
  return (
    <>
      <div className="table-responsive" tabIndex={0} role="region" aria-label={t('protection.admin.caption')}>
        <DataTable
          caption={t('protection.admin.caption')}
          isCaptionHidden
          rows={rows}
          rowKey={(dispute) => dispute.id}
          columns={[
            {
              label: t('protection.admin.item'),
              isRowHeader: true,
              cell: (dispute) => (
                <Link
                  to={`/admin/disputes/${dispute.id}`}
                  aria-label={t('protection.admin.openDispute', { title: dispute.productTitle })}
                >
                  {dispute.productTitle}
                </Link>
              ),
            },
            {
              label: t('protection.admin.status'),
              cell: (dispute) => (
                <>
                  <span
                    className={dispute.status === 'open' ? 'badge text-bg-warning' : 'badge text-bg-success'}
                  >
                    {t(`protection.dispute.${dispute.status}`)}
                  </span>
                  {dispute.isChargeback && (
                    <span className="badge text-bg-danger ms-1">{t('protection.dispute.chargeback')}</span>
                  )}
                </>
              ),
            },
            {
              label: t('protection.admin.age'),
              className: 'text-nowrap',
              cell: (dispute) => ageOf(dispute.createdAt, dispute.resolvedAt),
            },
            {
              label: t('protection.dispute.reason'),
              cell: (dispute) => t(`protection.reasons.${dispute.reason}`),
            },
            { label: t('protection.dispute.buyer'), cell: (dispute) => dispute.buyer.username },
            { label: t('protection.dispute.seller'), cell: (dispute) => dispute.seller.username },
            {
              label: t('protection.dispute.openedOn'),
              className: 'text-nowrap',
              cell: (dispute) => formatDateTime(dispute.createdAt),
            },
          ]}
        />
      </div>
      <LoadMore pages={disputes} />
    </>
  );
}

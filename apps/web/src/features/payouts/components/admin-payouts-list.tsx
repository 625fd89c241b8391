import { useTranslation } from '../../../i18n/use-translation';
import { formatKobo } from '@marketplace/shared/money';
import { PAYOUT_FILTERS } from '@marketplace/shared/schemas/payouts';
import { DataTable } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { SelectField } from '../../../components/ui/select-field';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useAdminPayouts, useRetryPayout, type PayoutFilter } from '../api/admin';

type AdminPayoutsListProps = {
  filter: PayoutFilter | undefined;
  onFilterChange: (filter: PayoutFilter | undefined) => void;
};

// /admin/payouts: the sellers' payouts, held, due, paid or failed, newest first; a failed one can be sent
// again (Retry).
export function AdminPayoutsList({ filter, onFilterChange }: AdminPayoutsListProps) {
  const { t } = useTranslation();
  const payouts = useAdminPayouts(filter);
  const retry = useRetryPayout();

  let content;
  if (payouts.isPending) content = <PageLoading />;
  else if (payouts.isLoadingError)
    content = (
      <LoadFailed message={t('protection.admin.payoutsLoadFailed')} onRetry={() => void payouts.refetch()} />
    );
  else {
    const rows = payouts.data.pages.flatMap((page) => page.items);
    content =
      rows.length === 0 ? (
        <p className="text-body-secondary">{t('protection.admin.noPayouts')}</p>
      ) : (
        <>
          {/* Scrolled sideways on a phone: a region reached by keyboard (axe: scrollable-region-focusable). */}
          <div
            className="table-responsive"
            tabIndex={0}
            role="region"
            aria-label={t('protection.admin.payoutsCaption')}
          >
            <DataTable
              caption={t('protection.admin.payoutsCaption')}
              isCaptionHidden
              rows={rows}
              rowKey={(payout) => payout.id}
              columns={[
                {
                  label: t('protection.admin.item'),
                  isRowHeader: true,
                  cell: (payout) => payout.productTitle,
                },
                { label: t('protection.dispute.seller'), cell: (payout) => payout.seller.username },
                {
                  label: t('protection.admin.amountColumn'),
                  isNumeric: true,
                  className: 'text-nowrap',
                  cell: (payout) => formatKobo(payout.amount),
                },
                {
                  label: t('protection.admin.status'),
                  cell: (payout) => (
                    <>
                      {t(`payoutStatus.${payout.status}`)}
                      {payout.isDue && (
                        <span className="badge text-bg-info ms-1">{t('protection.admin.due')}</span>
                      )}
                    </>
                  ),
                },
                {
                  label: t('protection.admin.releaseAt'),
                  className: 'text-nowrap',
                  cell: (payout) =>
                    payout.paidAt
                      ? formatDateTime(payout.paidAt)
                      : payout.releaseAt
                        ? formatDateTime(payout.releaseAt)
                        : '—',
                },
                {
                  label: t('protection.admin.attempts'),
                  isNumeric: true,
                  cell: (payout) => payout.transferAttempts,
                },
                {
                  label: t('protection.admin.failure'),
                  cell: (payout) =>
                    payout.status === 'failed' ? (
                      <>
                        <span className="d-block small text-break">{payout.failureReason ?? '—'}</span>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary mt-1"
                          disabled={retry.isPending && retry.variables === payout.id}
                          aria-label={t('protection.admin.retryLabel', { title: payout.productTitle })}
                          onClick={() => retry.mutate(payout.id)}
                        >
                          {t('protection.admin.retry')}
                        </button>
                      </>
                    ) : (
                      (payout.failureReason ?? '—')
                    ),
                },
                {
                  label: t('protection.admin.createdAt'),
                  className: 'text-nowrap',
                  cell: (payout) => formatDate(payout.createdAt),
                },
              ]}
            />
          </div>
          <LoadMore pages={payouts} />
        </>
      );
  }

  return (
    <>
      <SelectField
        isInline
        label={t('protection.admin.filter')}
        value={filter ?? ''}
        onChange={(event) => onFilterChange((event.target.value || undefined) as PayoutFilter | undefined)}
      >
        <option value="">{t('protection.admin.filters.all')}</option>
        {PAYOUT_FILTERS.map((value) => (
          <option key={value} value={value}>
            {t(`protection.admin.filters.${value}`)}
          </option>
        ))}
      </SelectField>
      {content}
    </>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import { DataTable } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { formatDate } from '../../../lib/format-date';
import { useAccountSummary } from '../api/get-account-summary';
import { transactionDetailsPath } from '../../../lib/payment-paths';
import { PayoutStatus } from '../components/payout-status';
import '../transactions.scss';

function Figure({
  label,
  value,
  hint,
  isCount = false,
}: {
  label: string;
  value: string;
  hint?: string;
  isCount?: boolean;
}) {
  // Counts sit two to a row on a phone; amounts in naira get the whole width, so they never break.
  return (
    <div className={isCount ? 'col-6 col-lg-4' : 'col-12 col-sm-6 col-lg-4'}>
      <div className="card h-100">
        <div className="card-body">
          <p className="small text-body-secondary mb-1">{label}</p>
          <p className="summary-figure mb-0">{value}</p>
          {hint && <p className="small text-body-secondary mb-0 mt-1">{hint}</p>}
        </div>
      </div>
    </div>
  );
}

// spec §2: /account-summary (login): what the user sold, the 90 percent they earned, the platform's 10
// percent, and what is still to be paid out to their bank.
export function AccountSummaryRoute() {
  const { t } = useTranslation();
  const summary = useAccountSummary();

  let content;
  if (summary.isPending) content = <PageLoading />;
  else if (summary.isError)
    content = (
      <LoadFailed message={t('payments.summary.loadFailed')} onRetry={() => void summary.refetch()} />
    );
  else {
    const data = summary.data;
    content = (
      <>
        <div className="row g-3 mb-4">
          <Figure label={t('payments.summary.salesCount')} value={String(data.salesCount)} isCount />
          <Figure label={t('payments.summary.onHold')} value={String(data.onHoldCount)} isCount />
          <Figure label={t('payments.summary.salesTotal')} value={formatKobo(data.salesTotal)} />
          <Figure
            label={t('payments.summary.earned')}
            value={formatKobo(data.earned)}
            hint={t('payments.summary.earnedHint')}
          />
          <Figure
            label={t('payments.summary.fees')}
            value={formatKobo(data.fees)}
            hint={t('payments.summary.feesHint')}
          />
          <Figure
            label={t('payments.summary.pendingPayouts')}
            value={formatKobo(data.pendingPayouts)}
            hint={t('payments.summary.pendingPayoutsHint')}
          />
          <Figure
            label={t('payments.summary.paidOut')}
            value={formatKobo(data.paidOut)}
            hint={t('payments.summary.paidOutHint')}
          />
        </div>
        <h2 className="h5">{t('payments.summary.recentSales')}</h2>
        {data.recentSales.length === 0 ? (
          <p className="text-body-secondary">{t('payments.summary.noSales')}</p>
        ) : (
          <div className="table-responsive">
            <DataTable
              isStacked
              caption={t('payments.summary.recentSales')}
              isCaptionHidden
              rows={data.recentSales}
              rowKey={(sale) => sale.reference}
              columns={[
                {
                  label: t('payments.history.date'),
                  className: 'text-nowrap',
                  cell: (sale) => formatDate(sale.paidAt),
                },
                { label: t('payments.history.item'), cell: (sale) => sale.productTitle },
                { label: t('payments.summary.buyer'), cell: (sale) => sale.buyer.username },
                {
                  label: t('payments.summary.paid'),
                  isNumeric: true,
                  className: 'text-nowrap',
                  cell: (sale) => formatKobo(sale.amount),
                },
                {
                  label: t('payments.summary.fee'),
                  isNumeric: true,
                  className: 'text-nowrap',
                  cell: (sale) => formatKobo(sale.transactionCharge),
                },
                {
                  label: t('payments.summary.yourShare'),
                  isNumeric: true,
                  className: 'text-nowrap',
                  cell: (sale) => formatKobo(sale.protection?.payoutAmount ?? sale.sellerAmount),
                },
                {
                  label: t('protection.payoutColumn'),
                  cell: (sale) => (sale.protection ? <PayoutStatus protection={sale.protection} /> : '—'),
                },
                {
                  label: t('payments.history.reference'),
                  cell: (sale) => (
                    <Link to={transactionDetailsPath(sale.reference)} className="text-break">
                      {sale.reference}
                    </Link>
                  ),
                },
              ]}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <section className="container py-4">
      <title>{`${t('payments.summary.title')} · ${t('app.name')}`}</title>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('payments.summary.title')}</h1>
        <Link to="/payment-history">{t('payments.history.title')}</Link>
      </div>
      {content}
    </section>
  );
}

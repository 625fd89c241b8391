import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import { DataTable } from '../../../components/ui/data-table';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { formatDateTime } from '../../../lib/format-date';
import { isUnanswered } from '../../../lib/load-failure';
import { useTransactions } from '../api/get-transactions';
import { transactionDetailsPath } from '../../../lib/payment-paths';
import { SectionLoading } from '../../../components/ui/page-loading';
import { useLiveShipments } from '../../../hooks/use-live-shipments';
import { PaymentMethod } from '../../../components/ui/payment-method';
import { PayoutStatus } from './payout-status';

type TransactionsListProps = { page: number; onPageChange: (page: number) => void };

// spec §2, the transactions tab and /payment-history: date, item, bought or sold, amount in naira (kobo /
// 100, 2 decimals), status (green for success, red otherwise) and reference, or 'No transactions yet'.
export function TransactionsList({ page, onPageChange }: TransactionsListProps) {
  const { t } = useTranslation();
  const transactions = useTransactions(page);
  useLiveShipments();

  if (transactions.isPending) {
    return <SectionLoading />;
  }
  if (transactions.isError) {
    return (
      // spec §8: 'Failed to fetch transactions.' / 'An error occurred while fetching transactions.'
      <LoadFailed
        message={t(
          isUnanswered(transactions.error)
            ? 'errors.TRANSACTIONS_FETCH_ERROR'
            : 'errors.TRANSACTIONS_FETCH_FAILED',
        )}
        onRetry={() => void transactions.refetch()}
      />
    );
  }
  const { items, pageSize, total } = transactions.data;
  if (items.length === 0 && page === 1) {
    return <p className="text-body-secondary">{t('payments.history.empty')}</p>;
  }

  return (
    <>
      <div className="table-responsive">
        <DataTable
          isStacked
          caption={t('payments.history.caption')}
          isCaptionHidden
          rows={items}
          rowKey={(transaction) => transaction.id}
          columns={[
            {
              label: t('payments.history.date'),
              cell: (transaction) => formatDateTime(transaction.paidAt ?? transaction.createdAt),
            },
            { label: t('payments.history.item'), cell: (transaction) => transaction.order.product.title },
            {
              label: t('payments.history.role'),
              cell: (transaction) =>
                t(transaction.role === 'seller' ? 'payments.history.sold' : 'payments.history.bought'),
            },
            {
              label: t('payments.history.amount'),
              isNumeric: true,
              className: 'text-nowrap',
              // A seller is shown the item's amount and their share, never the delivery fee (issue 32).
              cell: (transaction) =>
                transaction.role === 'seller' ? (
                  <>
                    {formatKobo(transaction.itemAmount)}
                    {transaction.sellerAmount !== null && (
                      <span className="d-block small text-body-secondary">
                        {t('payments.history.yourShare', {
                          amount: formatKobo(
                            transaction.protection?.payoutAmount ?? transaction.sellerAmount,
                          ),
                        })}
                      </span>
                    )}
                    {transaction.protection && <PayoutStatus protection={transaction.protection} />}
                  </>
                ) : (
                  formatKobo(transaction.amount)
                ),
            },
            {
              label: t('payments.history.method'),
              cell: (transaction) => <PaymentMethod method={transaction.paymentMethod} />,
            },
            {
              label: t('payments.history.status'),
              cell: (transaction) => (
                <>
                  <TransactionStatus status={transaction.status} />
                  {/* The buyer's side of buyer protection: the money is held, refunded, or paid on. */}
                  {transaction.role === 'buyer' && transaction.protection && (
                    <span className="d-block small text-body-secondary">
                      {t(`protection.buyerStatus.${transaction.protection.payoutStatus}`)}
                    </span>
                  )}
                </>
              ),
            },
            {
              label: t('payments.history.reference'),
              cell: (transaction) => (
                <Link
                  to={transactionDetailsPath(transaction.reference)}
                  className="text-break"
                  aria-label={t('payments.history.openDetails', { reference: transaction.reference })}
                >
                  {transaction.reference}
                </Link>
              ),
            },
          ]}
        />
      </div>
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={onPageChange}
        label={t('payments.history.pages')}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatKobo } from '@marketplace/shared/money';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { formatDateTime } from '../../../lib/format-date';
import { isUnanswered } from '../../../lib/load-failure';
import { useTransactions } from '../api/get-transactions';
import { transactionDetailsPath } from '../../../lib/payment-paths';

type TransactionsListProps = { page: number; onPageChange: (page: number) => void };

// spec §2, the transactions tab and /payment-history: date, item, bought or sold, amount in naira (kobo /
// 100, 2 decimals), status (green for success, red otherwise) and reference, or 'No transactions yet'.
export function TransactionsList({ page, onPageChange }: TransactionsListProps) {
  const { t } = useTranslation();
  const transactions = useTransactions(page);

  if (transactions.isPending) {
    return (
      <div className="d-flex align-items-center py-4" role="status">
        <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
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
        <table className="table align-middle stacked-table">
          <caption className="visually-hidden">{t('payments.history.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payments.history.date')}</th>
              <th scope="col">{t('payments.history.item')}</th>
              <th scope="col">{t('payments.history.role')}</th>
              <th scope="col" className="text-end">
                {t('payments.history.amount')}
              </th>
              <th scope="col">{t('payments.history.method')}</th>
              <th scope="col">{t('payments.history.status')}</th>
              <th scope="col">{t('payments.history.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((transaction) => (
              <tr key={transaction.id}>
                <td data-label={t('payments.history.date')}>
                  {formatDateTime(transaction.paidAt ?? transaction.createdAt)}
                </td>
                <td data-label={t('payments.history.item')}>{transaction.order.product.title}</td>
                <td data-label={t('payments.history.role')}>
                  {t(transaction.role === 'seller' ? 'payments.history.sold' : 'payments.history.bought')}
                </td>
                <td data-label={t('payments.history.amount')} className="text-end text-nowrap">
                  {formatKobo(transaction.amount)}
                </td>
                <td data-label={t('payments.history.method')}>{transaction.paymentMethod ?? '—'}</td>
                <td data-label={t('payments.history.status')}>
                  <TransactionStatus status={transaction.status} />
                </td>
                <td data-label={t('payments.history.reference')}>
                  <Link
                    to={transactionDetailsPath(transaction.reference)}
                    className="text-break"
                    aria-label={t('payments.history.openDetails', { reference: transaction.reference })}
                  >
                    {transaction.reference}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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

import { useTranslation } from 'react-i18next';
import { formatKobo } from '@marketplace/shared/money';
import { isUnanswered } from '../../../lib/load-failure';
import { useTransactions } from '../api/get-transactions';
import { formatDate } from '../lib/format-date';
import { PanelStatus } from './panel-status';

// spec §4: a transaction is a success or not.
const SUCCESS_STATUS = 'success';

// spec §2, the transactions tab: date, amount in naira (kobo / 100, 2 decimals), method, status (green
// for success, red otherwise) and reference, or 'No transactions yet'.
export function TransactionsPanel() {
  const { t, i18n } = useTranslation();
  const transactions = useTransactions();

  if (!transactions.isSuccess) {
    return (
      <PanelStatus
        isPending={transactions.isPending}
        // spec §8: 'Failed to fetch transactions.' / 'An error occurred while fetching transactions.'
        failedText={t(isUnanswered(transactions.error) ? 'profile.transactions.networkFailed' : 'profile.transactions.loadFailed')}
        onRetry={() => void transactions.refetch()}
      />
    );
  }
  if (transactions.data.length === 0) {
    return <p className="text-body-secondary">{t('profile.transactions.empty')}</p>;
  }

  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="visually-hidden">{t('profile.transactions.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('profile.transactions.date')}</th>
            <th scope="col">{t('profile.transactions.amount')}</th>
            <th scope="col">{t('profile.transactions.method')}</th>
            <th scope="col">{t('profile.transactions.status')}</th>
            <th scope="col">{t('profile.transactions.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {transactions.data.map((transaction) => (
            <tr key={transaction.id}>
              <td>{formatDate(transaction.paidAt ?? transaction.createdAt, i18n.language, true)}</td>
              <td>{formatKobo(transaction.amount)}</td>
              <td>{transaction.paymentMethod ?? '—'}</td>
              <td className={transaction.status === SUCCESS_STATUS ? 'text-success' : 'text-danger'}>
                {transaction.status}
              </td>
              <td>
                <code>{transaction.reference}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

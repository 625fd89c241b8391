import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatKobo } from '@marketplace/shared/money';
import type { Transaction } from '@marketplace/shared/schemas/payments';
import { formatDate } from '../../../lib/format-date';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionStatus } from '../../../components/ui/transaction-status';
import { PaymentMethod } from '../../../components/ui/payment-method';

// spec §2, admin transactions screen: No., Date, Done by, Amount, Method, Status, Reference. A row
// opens the transaction's dialog: by mouse anywhere on the row, by keyboard through the reference's button.
type TransactionsTableProps = {
  transactions: Transaction[];
  // The number of the first row (the list is paged).
  firstNumber?: number;
  // The payment whose dialog opens at once (a notification about it led here).
  openReference?: string | undefined;
};

export function TransactionsTable({ transactions, firstNumber = 1, openReference }: TransactionsTableProps) {
  const { t } = useTranslation();
  const [openTransaction, setOpenTransaction] = useState<Transaction | null>(
    () => transactions.find((transaction) => transaction.reference === openReference) ?? null,
  );

  if (transactions.length === 0) {
    return <p className="text-body-secondary">{t('admin.transactions.empty')}</p>;
  }

  return (
    <>
      <div className="table-responsive">
        <table className="table table-hover align-middle">
          <caption className="visually-hidden">{t('admin.transactions.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.transactions.columns.number')}</th>
              <th scope="col">{t('admin.transactions.columns.date')}</th>
              <th scope="col">{t('admin.transactions.columns.doneBy')}</th>
              <th scope="col" className="text-end">
                {t('admin.transactions.columns.amount')}
              </th>
              <th scope="col">{t('admin.transactions.columns.method')}</th>
              <th scope="col">{t('admin.transactions.columns.status')}</th>
              <th scope="col">{t('admin.transactions.columns.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((transaction, index) => (
              <tr key={transaction.id} className="admin-row" onClick={() => setOpenTransaction(transaction)}>
                <td>{firstNumber + index}</td>
                <td>
                  <time dateTime={transaction.paidAt ?? transaction.createdAt}>
                    {formatDate(transaction.paidAt ?? transaction.createdAt)}
                  </time>
                </td>
                <td>{transaction.user.username}</td>
                <td className="text-end text-nowrap">{formatKobo(transaction.amount)}</td>
                <td>
                  <PaymentMethod method={transaction.paymentMethod} empty="" />
                </td>
                <td>
                  <TransactionStatus status={transaction.status} />
                </td>
                <th scope="row" className="fw-normal">
                  <button
                    type="button"
                    className="btn btn-link p-0 text-start text-break"
                    aria-haspopup="dialog"
                    aria-label={t('admin.transactions.openDetails', { reference: transaction.reference })}
                  >
                    {transaction.reference}
                  </button>
                </th>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {openTransaction && (
        <TransactionDetailsDialog transaction={openTransaction} onClose={() => setOpenTransaction(null)} />
      )}
    </>
  );
}

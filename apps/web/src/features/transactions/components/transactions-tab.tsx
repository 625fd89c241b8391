import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import '../transactions.scss';
import { TransactionsList } from './transactions-list';

// The profile's transactions tab (spec §2): the same list as /payment-history, paged in place, with the
// ways to the full history and to the seller's account summary.
export function TransactionsTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Link to="/payment-history">{t('payments.history.title')}</Link>
        <Link to="/account-summary">{t('payments.summary.title')}</Link>
      </div>
      <TransactionsList page={page} onPageChange={setPage} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/ui/page-loading';
import { isUnanswered } from '../../../lib/load-failure';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { AdminPage } from '../components/admin-page';
import { LoadFailed } from '../components/load-failed';
import { TransactionsTable } from '../components/transactions-table';

// spec §2: /admin/transactions.
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const transactions = useAdminTransactions();

  let content;
  if (transactions.isPending) content = <PageLoading />;
  else if (transactions.isError)
    content = (
      <LoadFailed
        // spec §8: 'Failed to fetch transactions.' / 'An error occurred while fetching transactions.'
        message={t(isUnanswered(transactions.error) ? 'admin.transactions.networkFailed' : 'admin.transactions.loadFailed')}
        onRetry={() => void transactions.refetch()}
      />
    );
  else content = <TransactionsTable transactions={transactions.data} />;

  return (
    <AdminPage title={t('admin.transactions.title')} hasBackLink>
      {content}
    </AdminPage>
  );
}

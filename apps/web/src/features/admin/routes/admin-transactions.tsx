import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/ui/page-loading';
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
      <LoadFailed message={t('admin.transactions.loadFailed')} onRetry={() => void transactions.refetch()} />
    );
  else content = <TransactionsTable transactions={transactions.data} />;

  return (
    <AdminPage title={t('admin.transactions.title')} hasBackLink>
      {content}
    </AdminPage>
  );
}

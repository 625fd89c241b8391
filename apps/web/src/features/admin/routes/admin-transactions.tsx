import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Pager } from '../../../components/ui/pager';
import { PageLoading } from '../../../components/ui/page-loading';
import { isUnanswered } from '../../../lib/load-failure';
import { pageFromSearch } from '../../../lib/page-param';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { AdminPage } from '../components/admin-page';
import { TransactionsTable } from '../components/transactions-table';

// spec §2: /admin/transactions, newest first, a page at a time (?page=). ?reference= shows the one payment
// an admin notification is about, with its dialog open.
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  const reference = searchParams.get('reference')?.trim() || undefined;
  const transactions = useAdminTransactions(page, reference);

  function onPageChange(next: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('page', String(next));
      return params;
    });
  }

  let content;
  if (transactions.isPending) content = <PageLoading />;
  else if (transactions.isError)
    content = (
      <LoadFailed
        // spec §8: 'Failed to fetch transactions.' / 'An error occurred while fetching transactions.'
        message={t(
          isUnanswered(transactions.error)
            ? 'admin.transactions.networkFailed'
            : 'admin.transactions.loadFailed',
        )}
        onRetry={() => void transactions.refetch()}
      />
    );
  else
    content = (
      <>
        {reference && (
          <p className="mb-3">
            {t('admin.transactions.onlyReference', { reference })}{' '}
            <Link to="/admin/transactions">{t('admin.transactions.showAll')}</Link>
          </p>
        )}
        <TransactionsTable
          key={reference ?? ''}
          transactions={transactions.data.items}
          firstNumber={(transactions.data.page - 1) * transactions.data.pageSize + 1}
          openReference={reference}
        />
        <Pager
          page={transactions.data.page}
          pageSize={transactions.data.pageSize}
          total={transactions.data.total}
          onPageChange={onPageChange}
          label={t('admin.transactions.pages')}
        />
      </>
    );

  return (
    <AdminPage title={t('admin.transactions.title')} hasBackLink>
      {content}
    </AdminPage>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { isUnanswered } from '../../../lib/load-failure';
import { useAdminTransactions } from '../api/get-admin-transactions';
import { AdminPage } from '../components/admin-page';
import { TransactionsTable } from '../components/transactions-table';

// spec §2: /admin/transactions, newest first, a page at a time ('Load more', by cursor: any page of millions
// of payments is read as fast as the first). ?reference= shows the one payment an admin notification is
// about, with its dialog open.
export function AdminTransactionsRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const reference = searchParams.get('reference')?.trim() || undefined;
  const transactions = useAdminTransactions(reference);

  let content;
  if (transactions.isPending) content = <PageLoading />;
  else if (transactions.isLoadingError)
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
          transactions={transactions.data.pages.flatMap((page) => page.items)}
          openReference={reference}
        />
        <LoadMore pages={transactions} />
      </>
    );

  return (
    <AdminPage title={t('admin.transactions.title')} hasBackLink>
      {content}
    </AdminPage>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { useAdminUsers } from '../api/get-admin-users';
import { AdminPage } from '../components/admin-page';
import { UsersTable } from '../components/users-table';

// spec §2: /admin/users.
export function AdminUsersRoute() {
  const { t } = useTranslation();
  const users = useAdminUsers();

  let content;
  if (users.isPending) content = <PageLoading />;
  else if (users.isLoadingError)
    content = <LoadFailed message={t('admin.users.loadFailed')} onRetry={() => void users.refetch()} />;
  else
    content = (
      <>
        <UsersTable users={users.data.pages.flatMap((page) => page.items)} />
        <LoadMore pages={users} />
      </>
    );

  return (
    <AdminPage title={t('admin.users.title')} hasBackLink>
      {content}
    </AdminPage>
  );
}

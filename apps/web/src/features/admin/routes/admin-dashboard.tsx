import { useTranslation } from '../../../i18n/use-translation';
import { AdminPage } from '../components/admin-page';
import { AdminProducts } from '../components/admin-products';

// spec §2: /adminDashboard, all products for moderation.
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.products.title')}>
      <AdminProducts />
    </AdminPage>
  );
}

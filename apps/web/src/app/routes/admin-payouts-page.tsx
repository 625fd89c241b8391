import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import { PAYOUT_FILTERS } from '@marketplace/shared/schemas/payouts';
import { AdminPage } from '../../features/admin/components/admin-page';
import { AdminPayoutsList } from '../../features/payouts/components/admin-payouts-list';
import type { PayoutFilter } from '../../features/payouts/api/admin';

const isFilter = (value: string | null): value is PayoutFilter =>
  (PAYOUT_FILTERS as readonly string[]).includes(value ?? '');

// /admin/payouts?status=held|due|paid|failed: the sellers' payouts, with Retry for a failed one.
export function AdminPayoutsRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  return (
    <AdminPage title={t('protection.admin.payoutsTitle')}>
      <AdminPayoutsList
        filter={isFilter(status) ? status : undefined}
        onFilterChange={(filter) => setSearchParams(filter ? { status: filter } : {}, { replace: true })}
      />
    </AdminPage>
  );
}

import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { AdminPage } from '../../features/admin/components/admin-page';
import { AdminDisputesList } from '../../features/payouts/components/admin-disputes-list';
import { DisputeView } from '../../features/payouts/components/dispute-view';

// /admin/disputes: buyer protection's disputes, open ones first, with the age of each (decision 058).
export function AdminDisputesRoute() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('protection.admin.disputesTitle')}>
      <AdminDisputesList />
    </AdminPage>
  );
}

// /admin/disputes/:id: one dispute, its messages, a form to write, and the settling form while it is open.
export function AdminDisputeRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  return (
    <DisputeView
      reader="admin"
      id={id}
      frame={(title, content) => (
        <AdminPage title={title ?? t('protection.admin.disputesTitle')}>
          <p className="mb-3">
            <Link to="/admin/disputes" className="link-secondary">
              <span aria-hidden="true">← </span>
              {t('protection.admin.backToDisputes')}
            </Link>
          </p>
          {content}
        </AdminPage>
      )}
    />
  );
}

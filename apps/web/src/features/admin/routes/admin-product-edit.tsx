import { useTranslation } from '../../../i18n/use-translation';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { formatCappedCount } from '../../../lib/format-number';
import { useAdminProduct } from '../api/get-admin-product';
import { AdminPage } from '../components/admin-page';
import { AdminProductEditForm } from '../components/admin-product-edit-form';
import { AuditLog } from '../components/audit-log';
import { ListingReports } from '../components/listing-reports';
import { ModerationActions } from '../components/moderation-actions';
import { ProductStatusBadge } from '../components/product-status-badge';

// spec §2: /admin/products/edit/:id, Approve and Reject while pending, the edit form and the listing's audit log.
export function AdminProductEditRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const product = useAdminProduct(id);

  let content;
  if (product.isPending) {
    content = <PageLoading />;
  } else if (product.isError) {
    content = <LoadFailed message={t('admin.edit.loadFailed')} onRetry={() => void product.refetch()} />;
  } else {
    content = (
      <div className="row g-4">
        <div className="col-lg-8">
          <p className="mb-3">
            {t('admin.edit.seller', { username: product.data.uploader.username })}{' '}
            <ProductStatusBadge status={product.data.status} />
          </p>
          <ModerationActions product={product.data} />
          {/* A fresh form after each save, filled with what the API now holds. */}
          <AdminProductEditForm key={product.data.updatedAt} product={product.data} />
        </div>
        <div className="col-lg-4">
          <section className="mb-4" aria-labelledby="listing-reports-heading">
            <h2 id="listing-reports-heading" className="h5">
              {t('adminReports.title')} ({formatCappedCount(product.data.reportCount)})
            </h2>
            <ListingReports product={product.data} fetchedAt={product.dataUpdatedAt} />
          </section>
          <section aria-labelledby="audit-log-heading">
            <h2 id="audit-log-heading" className="h5">
              {t('admin.audit.title')}
            </h2>
            <AuditLog product={product.data} fetchedAt={product.dataUpdatedAt} />
          </section>
        </div>
      </div>
    );
  }

  return (
    <AdminPage title={t('admin.edit.pageTitle')} hasBackLink>
      {content}
    </AdminPage>
  );
}

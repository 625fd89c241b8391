import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_STATUSES } from '@marketplace/shared/constants';
import { formatNaira } from '@marketplace/shared/money';
import type { ProductCard } from '@marketplace/shared/schemas/products';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { PageLoading } from '../../../components/ui/page-loading';
import { SelectField } from '../../../components/ui/select-field';
import { smallestPictureUrl } from '../../../lib/product-media';
import { useDeleteAdminProduct } from '../api/delete-admin-product';
import { useAdminProducts, type ProductStatusFilter } from '../api/get-admin-products';
import { useSetProductStatus } from '../api/set-product-status';
import { ProductStatusBadge } from './product-status-badge';
import { RejectProductDialog } from './reject-product-dialog';

const STATUS_FILTERS: readonly ProductStatusFilter[] = ['all', ...PRODUCT_STATUSES];

function isStatusFilter(value: string | null): value is ProductStatusFilter {
  return STATUS_FILTERS.some((filter) => filter === value);
}

function Thumbnail({ product }: { product: ProductCard }) {
  const { t } = useTranslation();
  const image = product.primaryImage;
  if (image === null) {
    return (
      <span className="admin-thumbnail-placeholder rounded" style={{ width: 56, height: 56 }}>
        {t('admin.products.noPicture')}
      </span>
    );
  }
  // The smallest variant is plenty for a thumbnail.
  return (
    <img
      src={smallestPictureUrl(product.media, image)}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      className="admin-thumbnail rounded"
    />
  );
}

// spec §2: every listing with approve, reject, edit and delete. Approve and reject only while the
// listing is pending (spec §4); delete after a confirm prompt (spec §6).
export function AdminProducts() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedStatus = searchParams.get('status');
  // Opens on what waits for a decision; the other lists are one choice away (?status=all for all).
  const status: ProductStatusFilter = isStatusFilter(requestedStatus) ? requestedStatus : 'pending';
  const products = useAdminProducts(status);
  // The list's heading says what is shown: the dashboard opens on what waits for a decision.
  const listTitle = t(`admin.products.listTitle.${status}`);
  const setStatus = useSetProductStatus();
  const deleteProduct = useDeleteAdminProduct();
  const [rejecting, setRejecting] = useState<ProductCard | null>(null);

  const busyId = setStatus.isPending
    ? setStatus.variables.id
    : deleteProduct.isPending
      ? deleteProduct.variables
      : undefined;

  function onStatusFilterChange(next: string) {
    setSearchParams(next === 'pending' ? {} : { status: next }, { replace: true });
  }

  function onDelete(product: ProductCard) {
    if (!window.confirm(t('admin.products.confirmDelete', { title: product.title }))) return;
    deleteProduct.mutate(product.id);
  }

  function onReject(reason: string | undefined) {
    if (!rejecting) return;
    setStatus.mutate(
      { id: rejecting.id, status: 'rejected', reason, updatedAt: rejecting.updatedAt },
      { onSuccess: () => setRejecting(null) },
    );
  }

  let content;
  if (products.isPending) {
    content = <PageLoading />;
  } else if (products.isLoadingError) {
    content = <LoadFailed message={t('admin.products.loadFailed')} onRetry={() => void products.refetch()} />;
  } else if (products.data.pages[0]?.items.length === 0) {
    content = <p className="text-body-secondary">{t('admin.products.empty')}</p>;
  } else {
    const listed = products.data.pages.flatMap((page) => page.items);
    const total = products.data.pages[0]?.total;
    content = (
      <>
        {total != null && (
          <p className="text-body-secondary small mb-2" aria-live="polite">
            {t(products.data.pages[0]?.totalCapped ? 'admin.products.shownOfMore' : 'admin.products.shown', {
              shown: listed.length,
              count: total,
            })}
          </p>
        )}
        <div className="table-responsive">
          <table className="table table-hover align-middle admin-cards-table">
            <caption className="visually-hidden">{t('admin.products.caption', { list: listTitle })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.products.columns.picture')}</th>
                <th scope="col">{t('admin.products.columns.title')}</th>
                <th scope="col">{t('admin.products.columns.seller')}</th>
                <th scope="col">{t('admin.products.columns.price')}</th>
                <th scope="col">{t('admin.products.columns.category')}</th>
                <th scope="col">{t('admin.products.columns.status')}</th>
                <th scope="col">{t('admin.products.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {listed.map((product) => {
                const isBusy = busyId === product.id;
                return (
                  <tr key={product.id}>
                    <td className="admin-card-picture">
                      <Thumbnail product={product} />
                    </td>
                    <th scope="row" className="fw-semibold text-break">
                      {product.title}
                    </th>
                    <td data-label={t('admin.products.columns.seller')} className="text-break">
                      {product.user.username}
                    </td>
                    <td data-label={t('admin.products.columns.price')}>
                      {product.tag === 'Donate' || product.price === null
                        ? t('admin.products.donate')
                        : formatNaira(product.price)}
                    </td>
                    <td data-label={t('admin.products.columns.category')}>
                      {t(`admin.categories.${product.category}`)}
                    </td>
                    <td data-label={t('admin.products.columns.status')}>
                      <ProductStatusBadge status={product.status} />
                    </td>
                    <td className="admin-card-actions">
                      <div className="d-flex flex-wrap gap-1">
                        {product.status === 'pending' && (
                          <>
                            <button
                              type="button"
                              className="btn btn-success btn-sm"
                              disabled={isBusy}
                              aria-label={t('admin.products.approveLabel', { title: product.title })}
                              onClick={() =>
                                setStatus.mutate({
                                  id: product.id,
                                  status: 'approved',
                                  updatedAt: product.updatedAt,
                                })
                              }
                            >
                              {t('admin.products.approve')}
                            </button>
                            <button
                              type="button"
                              className="btn btn-outline-danger btn-sm"
                              disabled={isBusy}
                              aria-label={t('admin.products.rejectLabel', { title: product.title })}
                              onClick={() => setRejecting(product)}
                            >
                              {t('admin.products.reject')}
                            </button>
                          </>
                        )}
                        <Link
                          to={`/admin/products/edit/${product.id}`}
                          className="btn btn-outline-secondary btn-sm"
                          aria-label={t('admin.products.editLabel', { title: product.title })}
                        >
                          {t('admin.products.edit')}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          disabled={isBusy}
                          aria-label={t('admin.products.deleteLabel', { title: product.title })}
                          onClick={() => onDelete(product)}
                        >
                          {t('admin.products.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <LoadMore pages={products} />
      </>
    );
  }

  return (
    <>
      <h2 className="h5 mb-3">{listTitle}</h2>
      <SelectField
        id="admin-status-filter"
        isInline
        label={t('admin.products.statusFilter')}
        value={status}
        onChange={(event) => onStatusFilterChange(event.target.value)}
        options={STATUS_FILTERS.map((filter) => ({
          value: filter,
          label: filter === 'all' ? t('admin.products.allStatuses') : t(`admin.status.${filter}`),
        }))}
      />
      {content}
      {rejecting && (
        <RejectProductDialog
          productTitle={rejecting.title}
          isPending={setStatus.isPending}
          onReject={onReject}
          onCancel={() => setRejecting(null)}
        />
      )}
    </>
  );
}

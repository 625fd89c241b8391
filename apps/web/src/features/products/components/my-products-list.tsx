import { useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { HiddenForReview, OwnProductCard } from '@marketplace/shared/schemas/products';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { useMyProducts } from '../api/get-my-products';
import { useDeleteProduct } from '../api/delete-product';
import { useUpdateProduct } from '../api/update-product';
import { useReportReasons } from './hidden-for-review';
import { PriceTag } from './price-tag';
import { ResponsiveImage } from './responsive-image';
import { StatusBadge } from './status-badge';
import '../../../styles/forms.scss';
import '../products.scss';

function RejectionReason({ reason }: { reason: string | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return <p className="small text-danger mb-1">{t('myProducts.rejectionReason', { reason })}</p>;
}

// Reports hid the listing until our team reviews it (decision 049): the owner sees it, with the reasons.
function HiddenForReviewLine({ hidden }: { hidden: HiddenForReview }) {
  const { t } = useTranslation();
  const reasons = useReportReasons(hidden);
  return (
    <p className="small text-warning-emphasis mb-1">
      <span className="badge text-bg-warning me-1">{t('myProducts.hiddenForReview')}</span>
      {reasons && t('myProducts.hiddenReasons', { reasons })}
    </p>
  );
}

type MyProductRowProps = {
  product: OwnProductCard;
  isUpdating: boolean;
  isDeleting: boolean;
  onAvailabilityChange: (product: OwnProductCard) => void;
  onDelete: (product: OwnProductCard) => void;
};

function MyProductRow({
  product,
  isUpdating,
  isDeleting,
  onAvailabilityChange,
  onDelete,
}: MyProductRowProps) {
  const { t } = useTranslation();
  const switchId = `availability-${product.id}`;
  return (
    <li className="card mb-2">
      <div className="card-body p-2 p-sm-3 d-flex gap-3">
        <div className="my-product-thumb flex-shrink-0">
          {product.primaryImage ? (
            <ResponsiveImage
              url={product.primaryImage}
              media={product.media}
              alt={product.title}
              sizes="80px"
            />
          ) : (
            <div className="product-image-missing w-100 h-100" aria-hidden="true" />
          )}
        </div>
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <h3 className="h6 mb-0 text-truncate">
              <Link to={`/product/${product.id}`}>{product.title}</Link>
            </h3>
            <StatusBadge status={product.status} isSold={product.isSold} />
          </div>
          <p className="mb-1">
            <PriceTag product={product} />
          </p>
          {product.status === 'rejected' && <RejectionReason reason={product.rejectionReason} />}
          {product.hiddenForReview && <HiddenForReviewLine hidden={product.hiddenForReview} />}
          <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
            <div className="form-check form-switch mb-0">
              <input
                id={switchId}
                type="checkbox"
                role="switch"
                className="form-check-input"
                checked={product.availability}
                disabled={isUpdating}
                onChange={() => onAvailabilityChange(product)}
              />
              <label htmlFor={switchId} className="form-check-label small">
                {t('myProducts.available')} <span className="visually-hidden">({product.title})</span>
              </label>
            </div>
            <Link to={`/my-products/${product.id}/edit`} className="btn btn-sm btn-outline-primary">
              {t('myProducts.edit')} <span className="visually-hidden">({product.title})</span>
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={isDeleting}
              aria-busy={isDeleting}
              onClick={() => onDelete(product)}
            >
              {t('myProducts.delete')} <span className="visually-hidden">({product.title})</span>
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

// The logged-in seller's listings in every status: edit, delete (after confirming), availability; a page at a
// time, with Load more. Used by /my-products and by the profile page's my-products tab.
export function MyProductsList() {
  const { t } = useTranslation();
  const products = useMyProducts();
  const deleteProduct = useDeleteProduct();
  const updateProduct = useUpdateProduct();
  const listRef = useRef<HTMLDivElement>(null);

  function onDelete(product: OwnProductCard) {
    if (!window.confirm(t('myProducts.deleteConfirm', { title: product.title }))) return;
    // The row disappears, so focus goes back to the list rather than to the page's top.
    deleteProduct.mutate(product.id, { onSuccess: () => listRef.current?.focus() });
  }

  function onAvailabilityChange(product: OwnProductCard) {
    updateProduct.mutate({ id: product.id, changes: { availability: !product.availability } });
  }

  if (products.isPending) {
    return (
      <p role="status" className="py-3">
        {t('common.loading')}
      </p>
    );
  }
  if (products.isLoadingError) {
    return <LoadFailed message={t('myProducts.loadFailed')} onRetry={() => void products.refetch()} />;
  }
  const listings = products.data.pages.flatMap((page) => page.items);
  if (listings.length === 0) {
    return (
      <div className="text-center py-4">
        <p className="text-body-secondary">{t('myProducts.empty')}</p>
        <Link to="/upload" className="btn btn-primary">
          {t('myProducts.uploadAction')}
        </Link>
      </div>
    );
  }
  return (
    <div ref={listRef} tabIndex={-1} className="my-products-list">
      <ul className="list-unstyled mb-0">
        {listings.map((product) => (
          <MyProductRow
            key={product.id}
            product={product}
            isUpdating={updateProduct.isPending && updateProduct.variables.id === product.id}
            isDeleting={deleteProduct.isPending && deleteProduct.variables === product.id}
            onAvailabilityChange={onAvailabilityChange}
            onDelete={onDelete}
          />
        ))}
      </ul>
      <LoadMore pages={products} className="text-center mt-3" />
    </div>
  );
}

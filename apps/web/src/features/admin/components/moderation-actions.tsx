import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { useSetProductStatus } from '../api/set-product-status';
import { RejectProductDialog } from './reject-product-dialog';

// Approve and Reject on a listing's own page, while it waits for a decision (spec §4). Each names the
// version the admin is looking at, so a listing the seller changed meanwhile is refused (409) rather than
// approved unseen (docs/decisions/009).
export function ModerationActions({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const setStatus = useSetProductStatus();
  const [isRejecting, setRejecting] = useState(false);
  if (product.status !== 'pending') return null;

  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t('admin.edit.moderation')}>
      <button
        type="button"
        className="btn btn-success flex-fill"
        disabled={setStatus.isPending}
        onClick={() => setStatus.mutate({ id: product.id, status: 'approved', updatedAt: product.updatedAt })}
      >
        {t('admin.products.approve')}
      </button>
      <button
        type="button"
        className="btn btn-outline-danger flex-fill"
        disabled={setStatus.isPending}
        onClick={() => setRejecting(true)}
      >
        {t('admin.products.reject')}
      </button>
      {isRejecting && (
        <RejectProductDialog
          productTitle={product.title}
          isPending={setStatus.isPending}
          onReject={(reason) =>
            setStatus.mutate(
              { id: product.id, status: 'rejected', reason, updatedAt: product.updatedAt },
              { onSuccess: () => setRejecting(false) },
            )
          }
          onCancel={() => setRejecting(false)}
        />
      )}
    </div>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { useMyDonationRequestFor } from '../api/get-my-donation-requests';
import { useWithdrawDonationRequest } from '../api/withdraw-donation-request';

// The dialog (and the modal code it needs) loads only when someone opens it.
const RequestDonationDialog = lazy(() => import('./request-donation-dialog'));

// 'Request this item' on a donated item (decision 025), for anyone but its giver: a visitor logs in first;
// someone who already asked sees their request and may withdraw it while it waits.
export function RequestDonation({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  const [isConfirmingWithdraw, setIsConfirmingWithdraw] = useState(false);
  const myRequest = useMyDonationRequestFor(product.id, { enabled: user !== null });
  const withdraw = useWithdrawDonationRequest();
  const mine = myRequest.data;

  if (!user) {
    return (
      <Link to={`/login?redirect=${encodeURIComponent(pathname)}`} className="btn btn-primary btn-lg">
        {t('donation.loginToRequest')}
      </Link>
    );
  }
  if (mine) {
    return (
      <div className="alert alert-light border mb-0 w-100" role="status">
        <p className="mb-2">
          {t('donation.yourRequest', { date: formatDate(mine.createdAt) })}{' '}
          <span className="badge text-bg-secondary">{t(`donation.status.${mine.status}`)}</span>
        </p>
        {mine.status === 'pending' && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => setIsConfirmingWithdraw(true)}
            disabled={withdraw.isPending}
          >
            {t('donation.withdraw')}
          </button>
        )}
        {isConfirmingWithdraw && (
          <LazyConfirmDialog
            title={t('donation.withdrawConfirmTitle')}
            confirmLabel={t('donation.withdraw')}
            tone="danger"
            onConfirm={() => {
              setIsConfirmingWithdraw(false);
              withdraw.mutate(mine.id);
            }}
            onCancel={() => setIsConfirmingWithdraw(false)}
          >
            <p className="mb-0">{t('donation.withdrawConfirmText')}</p>
          </LazyConfirmDialog>
        )}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => setIsOpen(true)}
        disabled={!product.availability || myRequest.isPending}
      >
        {t('donation.request')}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <RequestDonationDialog
            productId={product.id}
            productTitle={product.title}
            onRequested={() => setIsOpen(false)}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

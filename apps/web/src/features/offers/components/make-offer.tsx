import { Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { SectionLoading } from '../../../components/ui/page-loading';
import { earlyTap } from '../../../lib/early-taps';
import { lazyPiece, type Retry } from '../../../lib/load-chunk';
import { useSession } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { useOffers } from '../api/get-offers';

// Shown instead of the form when its script never came (the listing's page stands).
function FormNotLoaded({ onClose, retry }: { onClose: () => void } & Retry) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <p>{t('connectionLost.piece')}</p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t('common.tryAgain')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

// The form and an offer's card load when shown: both need react-hook-form, zod and the shared schemas
// (about 40 KB on 3G), which a visitor on a listing's page never uses.
const MakeOfferForm = lazyPiece(async () => (await import('./make-offer-form')).MakeOfferForm, {
  whenMissing: FormNotLoaded,
});
const OfferCard = lazyPiece(async () => (await import('./offer-card')).OfferCard);

// 'Make an offer' beside Buy on a listing for sale (decision 061), or the buyer's offer on it that is still
// open or accepted. A visitor logs in first and comes back.
export function MakeOffer({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const offers = useOffers({ productId: product.id, role: 'buying' }, { enabled: isLoggedIn });
  const price = product.price;
  if (price === null || !product.availability) return null;

  const current = offers.data?.pages
    .flatMap((page) => page.items)
    .find((offer) => ['pending', 'countered', 'accepted'].includes(offer.status));
  if (current) {
    return (
      <div className="w-100">
        <Suspense fallback={<SectionLoading spacing="py-2" />}>
          <OfferCard offer={current} />
        </Suspense>
      </div>
    );
  }
  if (!isLoggedIn) {
    const loginUrl = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
    return (
      <Link
        to={loginUrl}
        className="btn btn-outline-primary btn-lg"
        onClick={() => toast.warning(() => t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' })}
        // The server draws every reader signed out: a signed-in reader's tap before the app is ready waits
        // for the button that replaces this link (decision 065).
        {...earlyTap(`offer:${product.id}`, { whenStored: STORAGE_KEYS.session })}
      >
        {t('offers.make')}
      </Link>
    );
  }
  if (!isOpen) {
    return (
      <button
        type="button"
        className="btn btn-outline-primary btn-lg"
        onClick={() => setIsOpen(true)}
        {...earlyTap(`offer:${product.id}`)}
      >
        {t('offers.make')}
      </button>
    );
  }
  return (
    <div className="w-100 card card-body p-3">
      <Suspense fallback={<SectionLoading spacing="py-2" />}>
        <MakeOfferForm productId={product.id} price={price} onClose={() => setIsOpen(false)} />
      </Suspense>
    </div>
  );
}

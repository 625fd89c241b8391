import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { Avatar } from '../../../components/ui/avatar';
import { SellerRatingSummary } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/format-date';
import { VerifiedBadge } from './trust';

export function SellerCard({ seller }: { seller: ProductDetail['uploader'] }) {
  const { t } = useTranslation();
  const hasContact = seller.email !== null || seller.phoneNumber !== null;
  return (
    <section className="card mb-3" aria-labelledby="seller-card-title">
      <div className="card-body">
        <h2 id="seller-card-title" className="h6 text-uppercase text-body-secondary mb-3">
          {t('product.seller')}
        </h2>
        <div className="d-flex align-items-center gap-3 mb-2">
          <Avatar name={seller.username} pictureUrl={seller.profilePicture} size={48} />
          <div>
            <p className="fw-bold mb-0 text-break">
              {seller.username} {seller.isVerified && <VerifiedBadge />}
            </p>
            <p className="small text-body-secondary mb-0">
              {t('trust.memberSince', { date: formatDate(seller.memberSince) })}
            </p>
            <p className="mb-0">
              <SellerRatingSummary average={seller.rating.average} count={seller.rating.count} />
            </p>
          </div>
        </div>
        <p className="small mb-2">
          <Link to={`/seller/${encodeURIComponent(seller.username)}`}>
            {t('seller.viewPage', { username: seller.username })}
          </Link>
        </p>
        {hasContact ? (
          <ul className="list-unstyled small mb-0">
            {seller.email && (
              <li>
                {t('product.email')}: <a href={`mailto:${seller.email}`}>{seller.email}</a>
              </li>
            )}
            {seller.phoneNumber && (
              <li>
                {t('product.phone')}: <a href={`tel:${seller.phoneNumber}`}>{seller.phoneNumber}</a>
              </li>
            )}
          </ul>
        ) : (
          // The API gives the seller's contact details only to a buyer with a paid order from them, or when the
          // seller chose to show them (issue 27): everyone else talks to them through Oja's messages.
          <p className="small text-body-secondary mb-0">{t('product.contactHidden')}</p>
        )}
      </div>
    </section>
  );
}

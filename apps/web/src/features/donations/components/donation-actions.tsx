import { useTranslation } from '../../../i18n/use-translation';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { RequestDonation } from './request-donation';

// The donation request form, prefilled with the listing (spec §2).
export function donationRequestUrl(formUrl: string, product: ProductDetail): string | null {
  try {
    const url = new URL(formUrl, window.location.origin);
    url.searchParams.set('productId', product.id);
    url.searchParams.set('owner', product.user.username);
    url.searchParams.set('title', product.title);
    url.searchParams.set('location', product.location);
    return url.toString();
  } catch {
    return null;
  }
}

// A donated item's actions for anyone but its giver (decision 025): Request this item, and the server's
// external request form as a second way. `formUrl`: the site config's, which the app reads (decision 054).
export function DonationActions({ product, formUrl }: { product: ProductDetail; formUrl: string | null }) {
  const { t } = useTranslation();
  const requestUrl = formUrl ? donationRequestUrl(formUrl, product) : null;
  return (
    <>
      <RequestDonation product={product} />
      {/* spec §2: the external request form stays as a second way, when the server names one. */}
      {requestUrl && (
        <a
          href={requestUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-outline-primary btn-lg"
        >
          {t('donation.externalForm')} <span className="visually-hidden">({t('common.opensInNewTab')})</span>
        </a>
      )}
    </>
  );
}

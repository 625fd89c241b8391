import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../api/get-site-config';

// WhatsApp wants the international number without '+': 0803... becomes 234803...
export function whatsAppNumber(phoneNumber: string): string | null {
  const digits = phoneNumber.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) return `234${digits.slice(1)}`;
  if (/^234\d{10}$/.test(digits)) return digits;
  return null;
}

// A link that opens a conversation with the seller: WhatsApp when they have a mobile number, else e-mail;
// null for a visitor, who does not get the seller's contact details.
export function messageSellerUrl(product: ProductDetail, text: string, subject: string): string | null {
  const number = product.uploader.phoneNumber ? whatsAppNumber(product.uploader.phoneNumber) : null;
  if (number) return `https://wa.me/${number}?${new URLSearchParams({ text }).toString()}`;
  if (!product.uploader.email) return null;
  const query = new URLSearchParams({ subject, body: text }).toString().replace(/\+/g, '%20');
  return `mailto:${product.uploader.email}?${query}`;
}

// The donation request form, prefilled with the listing (spec §2).
export function donationRequestUrl(formUrl: string, product: ProductDetail): string | null {
  try {
    const url = new URL(formUrl, window.location.origin);
    url.searchParams.set('productId', product.id);
    url.searchParams.set('owner', product.user);
    url.searchParams.set('title', product.title);
    url.searchParams.set('location', product.location);
    return url.toString();
  } catch {
    return null;
  }
}

// Buy (for sale) or Request (donation), and Message. Never shown to the owner (spec §2, §6).
export function ProductActions({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { isLoggedIn } = useSession();
  const isDonation = product.tag === 'Donate';
  const siteConfig = useSiteConfig({ enabled: isDonation });
  const requestUrl =
    isDonation && siteConfig.data?.donateFormUrl
      ? donationRequestUrl(siteConfig.data.donateFormUrl, product)
      : null;
  const messageUrl = messageSellerUrl(
    product,
    t('product.messageText', { title: product.title }),
    t('product.messageSubject', { title: product.title }),
  );
  const isExternalMessage = messageUrl?.startsWith('https:') ?? false;
  const loginUrl = `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  // Note: checkout is a later feature. Until it exists, Buy sends a visitor to log in (buying needs an
  // account) and tells a logged-in buyer that checkout is coming, rather than opening a missing page.
  function onBuy() {
    if (!isLoggedIn) {
      toast.warning(t('errors.LOGIN_REQUIRED'), { id: 'LOGIN_REQUIRED' });
      void navigate(loginUrl);
      return;
    }
    toast.info(t('product.checkoutSoon'));
  }

  return (
    <div className="d-grid d-sm-flex gap-2 mb-3">
      {isDonation ? (
        requestUrl && (
          <a href={requestUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary btn-lg">
            {t('product.requestDonation')}{' '}
            <span className="visually-hidden">({t('common.opensInNewTab')})</span>
          </a>
        )
      ) : (
        <button type="button" className="btn btn-primary btn-lg" onClick={onBuy}>
          {t('product.buy')}
        </button>
      )}
      <a
        href={messageUrl ?? loginUrl}
        className="btn btn-outline-primary btn-lg"
        {...(isExternalMessage ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {t('product.message')}
        {isExternalMessage && (
          <>
            {' '}
            <span className="visually-hidden">({t('common.opensInNewTab')})</span>
          </>
        )}
      </a>
    </div>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { checkoutPath, useCart, type CartEntry, type CheckoutState } from '../../../lib/cart';
import { earlyTap } from '../../../lib/early-taps';
import { smallestPictureUrl } from '../../../lib/product-media';
import { toast } from '../../../lib/toast';
import { useProductSlots } from '../slots';

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

// The listing as the cart keeps it: its main picture's smallest WebP, and the price as listed.
export function cartEntryOf(product: ProductDetail): CartEntry {
  const image = product.primaryImage ?? product.images[product.primaryImageIndex] ?? null;
  return {
    productId: product.id,
    title: product.title,
    picture: image === null ? null : smallestPictureUrl(product.media, image),
    price: product.price ?? 0,
    quantity: 1,
  };
}

// Buy (for sale) or Request this item (donation, decision 025), and Message. Never shown to the owner (spec §2, §6).
export function ProductActions({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cart = useCart();
  const isInCart = cart.has(product.id);
  const isDonation = product.tag === 'Donate';
  const { DonationActions, MessageSeller, MakeOffer } = useProductSlots();
  const messageUrl = messageSellerUrl(
    product,
    t('product.messageText', { title: product.title }),
    t('product.messageSubject', { title: product.title }),
  );
  const isExternalMessage = messageUrl?.startsWith('https:') ?? false;
  // Buying needs an account: /checkout itself sends a visitor to log in first (spec §2).
  function onBuy() {
    const state: CheckoutState = { product: cartEntryOf(product), sellerId: product.uploader.id };
    void navigate(checkoutPath(product.id), { state });
  }

  function onAddToCart() {
    if (cart.add(cartEntryOf(product))) toast.success(() => t('cart.added', { title: product.title }));
    else toast.info(() => t('cart.alreadyIn', { title: product.title }));
  }

  return (
    <div className="d-grid d-sm-flex gap-2 mb-3">
      {isDonation ? (
        DonationActions && <DonationActions product={product} />
      ) : (
        <>
          {/* A GET form to the login page, which leads on to the checkout: Buy works before the scripts
              arrive (decision 060); the app then takes the tap itself. */}
          <form
            method="get"
            action="/login"
            className="d-grid"
            onSubmit={(event) => {
              event.preventDefault();
              onBuy();
            }}
          >
            <input type="hidden" name="redirect" value={checkoutPath(product.id)} />
            <button type="submit" className="btn btn-primary btn-lg" disabled={!product.availability}>
              {t('product.buy')}
            </button>
          </form>
          {isInCart ? (
            <Link to="/cart" className="btn btn-outline-primary btn-lg">
              {t('cart.view')}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-outline-primary btn-lg"
              onClick={onAddToCart}
              disabled={!product.availability}
              {...earlyTap(`cart:${product.id}`)}
            >
              {t('cart.add')}
            </button>
          )}
          {MakeOffer && <MakeOffer product={product} />}
        </>
      )}
      {MessageSeller && <MessageSeller product={product} />}
      {/* The seller's WhatsApp (or e-mail) stays as a second way to reach them. */}
      {messageUrl && (
        <a
          href={messageUrl}
          className="btn btn-link btn-lg"
          {...(isExternalMessage ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {isExternalMessage ? t('messages.whatsApp') : t('messages.email')}
          {isExternalMessage && (
            <>
              {' '}
              <span className="visually-hidden">({t('common.opensInNewTab')})</span>
            </>
          )}
        </a>
      )}
    </div>
  );
}

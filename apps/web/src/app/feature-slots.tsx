import { createElement, Suspense, type ComponentType, type ReactNode } from 'react';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { AdminSlotsProvider, type AdminSlots } from '../features/admin/slots';
import { SaveButton } from '../features/favourites/components/save-button';
import { lazyPiece } from '../lib/load-chunk';
import { MessageSlotsProvider, type MessageSlots } from '../features/messages/slots';
import { ProductSlotsProvider, type ProductSlots, type UploadMedia } from '../features/products/slots';
import { useSiteConfig } from '../lib/site-config';

// A slot's component loaded when first drawn (with the page that draws it), not in every page's first script
// (lib/load-chunk.ts); left out if it never comes, unless it is the page's main content (`isMain`). Those
// drawing a control marked as an early tap hold the taps taken before the app was ready (`holdsTaps`).
function loadedWhenShown<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  options: { isMain?: boolean; holdsTaps?: boolean } = {},
) {
  const Loaded = lazyPiece(load, options);
  return function Shown(props: Props) {
    return <Suspense fallback={null}>{createElement(Loaded, props)}</Suspense>;
  };
}

// What only a product's page shows of other features (the cards' Save button is on many pages, and stays).
const DonationActions = loadedWhenShown(
  async () => (await import('../features/donations/components/donation-actions')).DonationActions,
);
const MessageSeller = loadedWhenShown(
  async () => (await import('../features/messages/components/message-seller')).MessageSeller,
  { holdsTaps: true },
);
const ReportListing = loadedWhenShown(
  async () => (await import('../features/reports/components/report-listing')).ReportListing,
);

// A donation's actions: Request this item, and the external form the site config names (asked only when a
// donation is shown).
function ProductDonationActions({ product }: { product: ProductDetail }) {
  const siteConfig = useSiteConfig();
  return <DonationActions product={product} formUrl={siteConfig.data?.donateFormUrl ?? null} />;
}

// These slots sit in every page's first script (AppProviders). What few pages show loads when first shown
// instead: the giver's panel (an owner's donated item) and the uploader (the product form).
const DonationRequestsPanel = loadedWhenShown(
  async () =>
    (await import('../features/donations/components/donation-requests-panel')).DonationRequestsPanel,
);

// The offers' pieces (decision 061) load when first shown: their forms need react-hook-form and zod.
const MakeOffer = loadedWhenShown(
  async () => (await import('../features/offers/components/make-offer')).MakeOffer,
  { holdsTaps: true },
);
const ConversationOffers = loadedWhenShown(
  async () => (await import('../features/offers/components/conversation-offers')).ConversationOffers,
);

const uploadMedia: UploadMedia = async (file, options) =>
  (await import('../features/media/api/upload-media')).uploadMedia(file, options);

const productSlots: ProductSlots = {
  SaveButton,
  DonationActions: ProductDonationActions,
  DonationRequestsPanel,
  ReportListing,
  MessageSeller,
  MakeOffer,
  uploadMedia,
};

const messageSlots: MessageSlots = { ConversationOffers };

// The admin edits a listing with the seller's product editor, its own fields added, and signs in with the
// users' login form (decision 062).
const adminSlots: AdminSlots = {
  TransactionDetails: loadedWhenShown(
    async () => (await import('../features/transactions/components/transaction-details')).TransactionDetails,
    { isMain: true },
  ),
  ProductDetailsFields: loadedWhenShown(
    async () => (await import('../features/products/components/product-details-fields')).ProductDetailsFields,
    { isMain: true },
  ),
  LoginForm: loadedWhenShown(
    async () => (await import('../features/accounts/components/login-form')).LoginForm,
    { isMain: true, holdsTaps: true },
  ),
};

// A feature never imports another: what one feature's screens show of another is composed here, in the app,
// and handed to them through their slots (decision 054).
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ProductSlotsProvider value={productSlots}>
      <MessageSlotsProvider value={messageSlots}>
        <AdminSlotsProvider value={adminSlots}>{children}</AdminSlotsProvider>
      </MessageSlotsProvider>
    </ProductSlotsProvider>
  );
}

import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { AdminSlotsProvider, type AdminSlots } from '../features/admin/slots';
import { DonationActions } from '../features/donations/components/donation-actions';
import { SaveButton } from '../features/favourites/components/save-button';
import { MessageSeller } from '../features/messages/components/message-seller';
import { MessageSlotsProvider, type MessageSlots } from '../features/messages/slots';
import { ProductSlotsProvider, type ProductSlots, type UploadMedia } from '../features/products/slots';
import { ReportListing } from '../features/reports/components/report-listing';
import { useSiteConfig } from '../features/site-config/api/get-site-config';
import { TransactionDetails } from '../features/transactions/components/transaction-details';

// A donation's actions: Request this item, and the external form the site config names (asked only when a
// donation is shown).
function ProductDonationActions({ product }: { product: ProductDetail }) {
  const siteConfig = useSiteConfig();
  return <DonationActions product={product} formUrl={siteConfig.data?.donateFormUrl ?? null} />;
}

// These slots sit in every page's first script (AppProviders). What few pages show loads when first shown
// instead: the giver's panel (an owner's donated item) and the uploader (the product form).
const LazyDonationRequestsPanel = lazy(async () => ({
  default: (await import('../features/donations/components/donation-requests-panel')).DonationRequestsPanel,
}));

function DonationRequestsPanel(props: ComponentProps<typeof LazyDonationRequestsPanel>) {
  return (
    <Suspense fallback={null}>
      <LazyDonationRequestsPanel {...props} />
    </Suspense>
  );
}

// The offers' pieces (decision 061) load when first shown: their forms need react-hook-form and zod.
const LazyMakeOffer = lazy(async () => ({
  default: (await import('../features/offers/components/make-offer')).MakeOffer,
}));
const LazyConversationOffers = lazy(async () => ({
  default: (await import('../features/offers/components/conversation-offers')).ConversationOffers,
}));

function MakeOffer(props: ComponentProps<typeof LazyMakeOffer>) {
  return (
    <Suspense fallback={null}>
      <LazyMakeOffer {...props} />
    </Suspense>
  );
}

function ConversationOffers(props: ComponentProps<typeof LazyConversationOffers>) {
  return (
    <Suspense fallback={null}>
      <LazyConversationOffers {...props} />
    </Suspense>
  );
}

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

const adminSlots: AdminSlots = { TransactionDetails };

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

import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { AdminSlotsProvider, type AdminSlots } from '../features/admin/slots';
import { DonationActions } from '../features/donations/components/donation-actions';
import { SaveButton } from '../features/favourites/components/save-button';
import { MessageSeller } from '../features/messages/components/message-seller';
import { ProductDetailsFields } from '../features/products/components/product-details-fields';
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

const uploadMedia: UploadMedia = async (file, options) =>
  (await import('../features/media/api/upload-media')).uploadMedia(file, options);

const productSlots: ProductSlots = {
  SaveButton,
  DonationActions: ProductDonationActions,
  DonationRequestsPanel,
  ReportListing,
  MessageSeller,
  uploadMedia,
};

// The admin edits a listing with the seller's product editor, its own fields added (decision 062).
const adminSlots: AdminSlots = { TransactionDetails, ProductDetailsFields };

// A feature never imports another: what one feature's screens show of another is composed here, in the app,
// and handed to them through their slots (decision 054).
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ProductSlotsProvider value={productSlots}>
      <AdminSlotsProvider value={adminSlots}>{children}</AdminSlotsProvider>
    </ProductSlotsProvider>
  );
}

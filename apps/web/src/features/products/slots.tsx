import { createContext, useContext, type ComponentType } from 'react';
import type { ProductDetail } from '@marketplace/shared/schemas/products';

// What the products' cards and pages show of other features: the save heart (favourites), a donation's
// request button and the giver's panel (donations), Report this listing (reports), Message the seller
// (messages), Make an offer (offers); and the uploads of a listing's pictures and video (media). A feature never imports another, so the app fills these slots (app/feature-slots.tsx,
// decision 054); an empty slot draws nothing.
export type ProductSlots = {
  SaveButton?: ComponentType<{
    product: { id: string; title: string; user: { id: string } };
    variant: 'card' | 'page';
  }>;
  DonationActions?: ComponentType<{ product: ProductDetail }>;
  DonationRequestsPanel?: ComponentType<{ productId: string }>;
  ReportListing?: ComponentType<{ productId: string; productTitle: string }>;
  MessageSeller?: ComponentType<{ product: ProductDetail }>;
  // Make an offer beside Buy, or the buyer's offer on the listing (offers, decision 061).
  MakeOffer?: ComponentType<{ product: ProductDetail }>;
  uploadMedia?: UploadMedia;
};

// How a file goes up (media's uploadMedia): progress as it goes, cancelled by the signal; the stored file's URL.
export type UploadOptions = {
  onProgress?: (progress: { loaded: number; total: number; percent: number }) => void;
  signal?: AbortSignal;
};
export type UploadMedia = (file: File, options?: UploadOptions) => Promise<{ url: string }>;

const ProductSlotsContext = createContext<ProductSlots>({});

export const ProductSlotsProvider = ProductSlotsContext.Provider;

export function useProductSlots(): ProductSlots {
  return useContext(ProductSlotsContext);
}

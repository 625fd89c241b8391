import { createContext, useContext, type ComponentType } from 'react';
import type { ProductDetail } from '@marketplace/shared/schemas/products';

// What the products' cards and pages show of other features: the save heart (favourites), a donation's
// request button and the giver's panel (donations), Report this listing (reports), Message the seller
// (messages). A feature never imports another, so the app fills these slots (app/feature-slots.tsx,
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
};

const ProductSlotsContext = createContext<ProductSlots>({});

export const ProductSlotsProvider = ProductSlotsContext.Provider;

export function useProductSlots(): ProductSlots {
  return useContext(ProductSlotsContext);
}

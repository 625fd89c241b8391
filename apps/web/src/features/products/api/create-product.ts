import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DonationInputSchema,
  ProductDetail,
  SaleInputSchema,
} from '@marketplace/shared/schemas/products';
import { apiRequestOrThrow } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

export type UploadMode = 'sell' | 'donate';
export type NewListing = z.output<typeof SaleInputSchema> | z.output<typeof DonationInputSchema>;
export type CreateProductVariables = {
  mode: UploadMode;
  listing: NewListing;
  location: string;
  uploaderId: string;
};

// POST /api/products (sell) or /api/products/donate, with the spec's upload payload (§3): images as
// comma-joined URLs. The server takes the location from the profile and the uploader from the token.
export function createProduct({ mode, listing, location, uploaderId }: CreateProductVariables) {
  const body = {
    ...listing,
    images: listing.images.join(','),
    video: listing.video ?? '',
    location,
    uploader: uploaderId,
  };
  return apiRequestOrThrow<ProductDetail>(mode === 'sell' ? '/products' : '/products/donate', {
    method: 'POST',
    body,
  });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // The upload form explains failures itself (field errors, profile redirect).
    meta: { hasErrorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}

import { CATEGORIES, PRICE_CATEGORIES, type Category } from '@marketplace/shared/constants';
import {
  DonationEditedSchema,
  DonationInputSchema,
  editNeedsVideo,
  needsVideo,
  priceRangeBounds,
  SaleEditedSchema,
  SaleInputSchema,
  type DonationInput,
} from '@marketplace/shared/schemas/products';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { NewListing, UploadMode } from '../api/create-product';
import type { ExistingMedia } from '../hooks/use-media-uploads';

// The form holds what the seller types; pictures and the video live in the upload stores and are
// copied in as URLs once stored. A donation's fields are the sale's without a required price, so they
// describe both modes.
export type ProductFormFields = DonationInput;
export type FieldName = keyof ProductFormFields;

export type ProductFormInitial = {
  title: string;
  description: string;
  specification: string;
  category: Category;
  condition: ProductFormFields['condition'];
  price: number | null;
  priceCategory: string | null;
  images: ExistingMedia[];
  primaryImageIndex: number;
  video: ExistingMedia | null;
};

// The order issues are reported in, which is also the order of the fields on the page.
export const FIELD_ORDER: FieldName[] = [
  'title',
  'description',
  'specification',
  'category',
  'condition',
  'price',
  'priceCategory',
  'images',
  'primaryImageIndex',
  'video',
];

export function isFieldName(value: string): value is FieldName {
  return (FIELD_ORDER as string[]).includes(value);
}

// One issue of a 400 answer: { path, code, message } (see the API's validation errors).
export function isFieldIssue(value: unknown): value is { path: string; code: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    typeof value.path === 'string' &&
    'code' in value &&
    typeof value.code === 'string'
  );
}

// spec §5 and decision 006: a new listing in a video category needs a video; an edit only when it
// touches the category or the video (the tag stays with the form's mode), so a listing made without a
// video stays editable. The rules are the shared ones the API applies.
export function isVideoMissing(
  mode: UploadMode,
  initial: ProductFormInitial | undefined,
  values: { category?: unknown; video?: string | null },
): boolean {
  const category = CATEGORIES.find((known) => known === values.category);
  if (!category) return false;
  const after = { category, video: values.video || null, tag: mode };
  if (!initial) return needsVideo(after);
  return editNeedsVideo({ category: initial.category, video: initial.video?.url ?? null, tag: mode }, after);
}

// The shared schemas (spec §5 rules, message codes as issues): the upload rules for a new listing, the
// edited-listing rules for an edit. Zod runs an object's cross-field checks only once every field is
// valid, so the media and price-range rules are added here too: the seller sees every problem on the
// first submit, not one after another.
export function listingResolver(
  mode: UploadMode,
  initial: ProductFormInitial | undefined,
): Resolver<ProductFormFields, unknown, NewListing> {
  const schema: z.ZodType<NewListing, ProductFormFields> = initial
    ? mode === 'sell'
      ? SaleEditedSchema
      : DonationEditedSchema
    : mode === 'sell'
      ? SaleInputSchema
      : DonationInputSchema;
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors: FieldErrors<ProductFormFields> = { ...result.errors };
    if (!errors.video && isVideoMissing(mode, initial, values)) {
      errors.video = { type: 'custom', message: 'VIDEO_REQUIRED' };
    }
    if (Object.keys(errors).length === 0) return result;
    const bounds =
      mode === 'sell' && typeof values.priceCategory === 'string'
        ? priceRangeBounds(values.priceCategory)
        : null;
    const price = Number(values.price);
    if (!errors.price && bounds && Number.isFinite(price) && (price < bounds[0] || price > bounds[1])) {
      errors.price = { type: 'custom', message: 'PRICE_NOT_IN_RANGE' };
    }
    return { values: {}, errors };
  };
}

export function defaultValues(initial: ProductFormInitial | undefined) {
  return {
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    specification: initial?.specification ?? '',
    category: initial?.category,
    condition: initial?.condition,
    price: initial?.price ?? undefined,
    priceCategory: PRICE_CATEGORIES.find((range) => range === initial?.priceCategory),
    images: initial?.images.map((image) => image.url) ?? [],
    primaryImageIndex: initial?.primaryImageIndex ?? -1,
    video: initial?.video?.url ?? '',
  };
}

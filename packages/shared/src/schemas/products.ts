import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  MAX_IMAGES,
  MAX_PRICE_NAIRA,
  MAX_STORED_PRICE,
  MIN_PRICE_NAIRA,
  PRICE_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  PRODUCT_TAGS,
  REPORT_REASONS,
  VIDEO_REQUIRED_CATEGORIES,
  type Category,
  type PriceCategory,
} from '../constants';
import type { MessageCode } from '../reply-texts';
import { PageMetaSchema } from './api';
import { ImageVariantSchema } from './media';

const code = (messageCode: MessageCode) => ({ error: messageCode });
const requiredText = (messageCode: MessageCode, max: number) =>
  z.string(code(messageCode)).trim().min(1, code(messageCode)).max(max, code('TEXT_TOO_LONG'));

// spec §9: the price range a price must fall in.
export function priceRangeBounds(priceCategory: string): [number, number] | null {
  const match = /^(\d+)-(\d+)$/.exec(priceCategory);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

// The price range a price falls in (spec §5: 500-15000, 15000-25000, 25000-50000; a shared bound such as
// 15000 belongs to the lower range). None for a price outside every range.
export function priceCategoryFor(price: number): PriceCategory | undefined {
  return PRICE_CATEGORIES.find((range) => {
    const bounds = priceRangeBounds(range);
    return bounds !== null && price >= bounds[0] && price <= bounds[1];
  });
}

// What an owner's edit sends back to review (docs/decisions/006): anything a moderator judged. The price
// and the choice of primary picture among the same pictures do not.
export const REVIEWED_FIELDS = [
  'title',
  'description',
  'specification',
  'category',
  'condition',
  'images',
  'video',
] as const;

// spec §3, upload payload: images are comma-joined URLs; an array is accepted too. Note: a comma starts a new
// URL only where one begins (`http(s)://` or `/`): a media host's transformation URL has commas of its own
// (Cloudinary's `c_limit,w_640`, decision 017).
export function splitImageList(value: string): string[] {
  return value.split(/,(?=\s*(?:[a-z][a-z0-9+.-]*:|\/|,|$))/i);
}

const ImageListSchema = z
  .union([z.string(), z.array(z.string())], code('IMAGE_REQUIRED'))
  .transform((value) =>
    (Array.isArray(value) ? value : splitImageList(value))
      .map((url) => url.trim())
      .filter((url) => url.length > 0),
  )
  .pipe(
    z
      .array(z.string().max(500, code('IMAGE_NOT_YOURS')))
      .min(1, code('IMAGE_REQUIRED'))
      .max(MAX_IMAGES, code('TOO_MANY_IMAGES')),
  );

const ProductFieldsSchema = z.object({
  title: requiredText('TITLE_REQUIRED', 120),
  description: requiredText('DESCRIPTION_REQUIRED', 4000),
  specification: requiredText('SPECIFICATION_REQUIRED', 2000),
  category: z.enum(CATEGORIES, code('CATEGORY_REQUIRED')),
  condition: z.enum(CONDITIONS, code('CONDITION_REQUIRED')),
  images: ImageListSchema,
  primaryImageIndex: z.coerce
    .number(code('PRIMARY_IMAGE_REQUIRED'))
    .int(code('PRIMARY_IMAGE_REQUIRED'))
    .min(0, code('PRIMARY_IMAGE_REQUIRED')),
  video: z
    .string()
    .trim()
    .max(500, code('VIDEO_NOT_YOURS'))
    .nullish()
    .transform((value) => value || null),
  // Ignored by the server: the location comes from the profile and the uploader from the token.
  location: z.string().optional(),
  uploader: z.unknown().optional(),
});

function checkPrimaryImage(value: { images: string[]; primaryImageIndex: number }, context: z.RefinementCtx) {
  if (value.primaryImageIndex >= value.images.length) {
    context.addIssue({ code: 'custom', path: ['primaryImageIndex'], message: 'PRIMARY_IMAGE_REQUIRED' });
  }
}

// spec §5: a video is required for Accessories, Household-Items and Electronics.
export function needsVideo(value: { video: string | null; category: Category }): boolean {
  return !value.video && VIDEO_REQUIRED_CATEGORIES.includes(value.category);
}

// decision 006: an edit applies the video rule only when it touches the category, the video or the tag
// (sell/donate), so a listing made without a video (before the rule, or seeded) stays editable. `before`
// is the listing as stored, `after` the listing as the edit leaves it. The API and both web edit forms
// use this one rule.
export type VideoRuleFields = { category: Category; video: string | null; tag: string };
export function editNeedsVideo(before: VideoRuleFields, after: VideoRuleFields): boolean {
  const touches =
    before.category !== after.category ||
    (before.video || null) !== (after.video || null) ||
    before.tag !== after.tag;
  return touches && needsVideo(after);
}

function checkMedia(
  value: { images: string[]; primaryImageIndex: number; video: string | null; category: Category },
  context: z.RefinementCtx,
) {
  checkPrimaryImage(value, context);
  if (needsVideo(value)) context.addIssue({ code: 'custom', path: ['video'], message: 'VIDEO_REQUIRED' });
}

const PriceFieldsSchema = z.object({
  price: z.coerce
    .number(code('PRICE_REQUIRED'))
    .refine((value) => Number.isFinite(value), code('PRICE_REQUIRED'))
    .refine((value) => Number.isInteger(value), code('PRICE_WHOLE_NAIRA'))
    .refine((value) => value >= MIN_PRICE_NAIRA && value <= MAX_PRICE_NAIRA, code('PRICE_OUT_OF_RANGE')),
  priceCategory: z.enum(PRICE_CATEGORIES, code('PRICE_CATEGORY_REQUIRED')),
});

function checkPriceInRange(value: { price: number; priceCategory: string }, context: z.RefinementCtx) {
  const bounds = priceRangeBounds(value.priceCategory);
  if (bounds && (value.price < bounds[0] || value.price > bounds[1])) {
    context.addIssue({ code: 'custom', path: ['price'], message: 'PRICE_NOT_IN_RANGE' });
  }
}

export const SaleInputSchema = ProductFieldsSchema.extend(PriceFieldsSchema.shape).superRefine(
  (value, context) => {
    checkMedia(value, context);
    checkPriceInRange(value, context);
  },
);
export type SaleInput = z.input<typeof SaleInputSchema>;

// A donation carries the Donate tag and no price.
const DonationFieldsSchema = ProductFieldsSchema.extend({
  price: z.unknown().optional(),
  priceCategory: z.unknown().optional(),
});
export const DonationInputSchema = DonationFieldsSchema.superRefine(checkMedia);
export type DonationInput = z.input<typeof DonationInputSchema>;

// A whole listing after an edit: every upload rule but the video one, which the edit applies only when
// it touches the category, the video or the tag (a listing from before the rule stays editable).
export const SaleEditedSchema = ProductFieldsSchema.extend(PriceFieldsSchema.shape).superRefine(
  (value, context) => {
    checkPrimaryImage(value, context);
    checkPriceInRange(value, context);
  },
);
export const DonationEditedSchema = DonationFieldsSchema.superRefine(checkPrimaryImage);

// Edits by the owner (PUT /myProducts/{id}): every field optional, the same rules for those sent.
export const ProductEditInputSchema = z
  .object({
    title: requiredText('TITLE_REQUIRED', 120).optional(),
    description: requiredText('DESCRIPTION_REQUIRED', 4000).optional(),
    specification: requiredText('SPECIFICATION_REQUIRED', 2000).optional(),
    category: z.enum(CATEGORIES, code('CATEGORY_REQUIRED')).optional(),
    condition: z.enum(CONDITIONS, code('CONDITION_REQUIRED')).optional(),
    price: PriceFieldsSchema.shape.price.optional(),
    priceCategory: PriceFieldsSchema.shape.priceCategory.optional(),
    images: ImageListSchema.optional(),
    primaryImageIndex: ProductFieldsSchema.shape.primaryImageIndex.optional(),
    video: ProductFieldsSchema.shape.video.optional(),
    availability: z.boolean(code('INVALID_INPUT')).optional(),
  })
  .strip();
export type ProductEditInput = z.input<typeof ProductEditInputSchema>;

// The sizes of one picture, for a `srcset` (docs/decisions/013). `url` is the same string as in `images`
// and `primaryImage`, so a client finds a picture's sizes by its URL.
export const ProductMediaSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(ImageVariantSchema),
});
export type ProductMedia = z.infer<typeof ProductMediaSchema>;

// spec §3: `user` is the seller, read as product.user.username. `isVerified` (the seller's bank account
// was verified by the server) is shown as a trust badge (decision 022).
export const ProductUserSchema = z.object({ id: z.uuid(), username: z.string(), isVerified: z.boolean() });

// One listing as every list shows it (public lists, my products, admin lists), in the spec's shapes
// (§3): pictures are URL strings, `uploader` the seller's id, `user` an object with the username.
export const ProductCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  tag: z.enum(PRODUCT_TAGS),
  price: z.number().int().nullable(),
  priceCategory: z.string().nullable(),
  location: z.string(),
  // The URL of the primary picture, or null when a listing has none.
  primaryImage: z.string().nullable(),
  primaryImageIndex: z.number().int(),
  // Every picture's URL, in the seller's order.
  images: z.array(z.string()),
  // The sizes of the pictures a reply shows: in lists the primary picture's, on the product page every
  // picture's, in the order of `images`.
  media: z.array(ProductMediaSchema),
  status: z.enum(PRODUCT_STATUSES),
  // Only a rejected listing has one; public lists never show rejected listings.
  rejectionReason: z.string().nullable(),
  availability: z.boolean(),
  uploader: z.uuid(),
  user: ProductUserSchema,
  createdAt: z.iso.datetime({ offset: true }),
  // The listing's version: moderation decisions name the one the admin saw.
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

// Why a listing is hidden, as its seller sees it (decision 049): reports from enough accounts of standing
// hid it until an admin reviews it; the reasons of those reports, never who sent them.
export const HiddenForReviewSchema = z.object({
  hiddenAt: z.iso.datetime({ offset: true }),
  reasons: z.array(z.enum(REPORT_REASONS)),
});
export type HiddenForReview = z.infer<typeof HiddenForReviewSchema>;

// My products: the owner's cards, each with why it is hidden when reports hid it.
// isSold: an order for it is paid (issue 32); the list labels it Sold.
export const OwnProductCardSchema = ProductCardSchema.extend({
  hiddenForReview: HiddenForReviewSchema.nullable(),
  isSold: z.boolean(),
});
export type OwnProductCard = z.infer<typeof OwnProductCardSchema>;

// spec §3: the user's own listings as the profile and the login reply carry them: enough for a "My products"
// screen to show each item whole (decision 051).
export const UserProductSchema = ProductCardSchema.pick({
  id: true,
  title: true,
  description: true,
  category: true,
  tag: true,
  price: true,
  status: true,
  primaryImage: true,
  images: true,
});
export type UserProduct = z.infer<typeof UserProductSchema>;

// A seller's rating from buyers' reviews (issue #14, decision 026): the average of the stars (one
// decimal), null when there is no review yet, and how many reviews there are.
export const SellerRatingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type SellerRating = z.infer<typeof SellerRatingSchema>;

// spec §3: on the product page the uploader is an object with id, profilePicture, email, phoneNumber.
export const UploaderSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  profilePicture: z.string().nullable(),
  // Note: the seller's contact details go only to a buyer with a paid order from them, or to logged-in users when
  // the seller chose to show them (issue 27); null otherwise (the keys stay for spec clients), never in lists.
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  // Trust signals (decision 022): a bank-verified seller, and since when they have been a member.
  isVerified: z.boolean(),
  memberSince: z.iso.datetime({ offset: true }),
  rating: SellerRatingSchema,
});

// GET /adminProduct list items (decision 051): the card with the proof video (spec §1, §2) and the uploader
// object of spec §3, contact details included (admins only): the dashboard shows both from the list.
export const AdminProductCardSchema = ProductCardSchema.omit({ uploader: true }).extend({
  video: z.string().nullable(),
  videoUrl: z.string().nullable(),
  uploader: UploaderSchema.pick({
    id: true,
    username: true,
    profilePicture: true,
    email: true,
    phoneNumber: true,
  }),
});
export type AdminProductCard = z.infer<typeof AdminProductCardSchema>;

export const ProductDetailSchema = ProductCardSchema.omit({ uploader: true }).extend({
  specification: z.string(),
  video: z.string().nullable(),
  videoUrl: z.string().nullable(),
  uploader: UploaderSchema,
  // Set only while reports keep the listing hidden; only its owner and admins can see such a listing.
  hiddenForReview: HiddenForReviewSchema.nullable(),
  // An order for it is paid (issue 32): the page stays, for everyone, marked Sold.
  isSold: z.boolean(),
  relatedProducts: z.array(ProductCardSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

// GET /api/products: the list's paging and, for a search, two extra fields (docs/decisions/020): a better
// spelling of the words when they matched nothing ('Did you mean …'), and listings to show instead when
// nothing was found at all.
export const ProductListMetaSchema = PageMetaSchema.extend({
  suggestion: z.string().nullable().optional(),
  recommended: z.array(ProductCardSchema).optional(),
});
export type ProductListMeta = z.infer<typeof ProductListMetaSchema>;

export const ProductQuerySchema = z.object({
  category: z
    .enum(CATEGORIES, code('CATEGORY_REQUIRED'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(100, code('TEXT_TOO_LONG')).optional(),
  condition: z
    .enum(CONDITIONS, code('CONDITION_REQUIRED'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  tag: z
    .enum(PRODUCT_TAGS, code('INVALID_INPUT'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  minPrice: z.coerce
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .min(0, code('INVALID_INPUT'))
    .max(MAX_STORED_PRICE, code('INVALID_INPUT'))
    .optional(),
  maxPrice: z.coerce
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .min(0, code('INVALID_INPUT'))
    .max(MAX_STORED_PRICE, code('INVALID_INPUT'))
    .optional(),
  location: z.string().trim().max(100, code('TEXT_TOO_LONG')).optional(),
  sort: z.enum(PRODUCT_SORTS, code('INVALID_INPUT')).optional(),
  pageSize: z.coerce
    .number(code('INVALID_INPUT'))
    .int(code('INVALID_INPUT'))
    .min(1, code('INVALID_INPUT'))
    .max(60, code('INVALID_INPUT'))
    .default(24),
  cursor: z.string().max(200, code('INVALID_INPUT')).optional(),
});
export type ProductQuery = z.input<typeof ProductQuerySchema>;

import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  MAX_FILE_BYTES,
  MAX_IMAGES,
  MAX_PRICE_NAIRA,
  MIN_PRICE_NAIRA,
  PRICE_CATEGORIES,
  VIDEO_REQUIRED_CATEGORIES,
} from '@marketplace/shared/constants';
import type { MessageCode } from '@marketplace/shared/messages';
import { priceRangeBounds, type ProductDetail } from '@marketplace/shared/schemas/products';

// The admin's edit form (spec §3: the admin edit names the tag sell/donate). It checks the same upload
// rules as the API (spec §5), with the same message codes, before anything is sent.

const code = (messageCode: MessageCode) => ({ error: messageCode });
const requiredText = (messageCode: MessageCode, max: number) =>
  z.string(code(messageCode)).trim().min(1, code(messageCode)).max(max, code('TEXT_TOO_LONG'));

export const ADMIN_TAGS = ['sell', 'donate'] as const;

function isPriceCategory(value: string): boolean {
  return PRICE_CATEGORIES.some((category) => category === value);
}

export const AdminProductFormSchema = z
  .object({
    title: requiredText('TITLE_REQUIRED', 120),
    description: requiredText('DESCRIPTION_REQUIRED', 4000),
    specification: requiredText('SPECIFICATION_REQUIRED', 2000),
    category: z.enum(CATEGORIES, code('CATEGORY_REQUIRED')),
    condition: z.enum(CONDITIONS, code('CONDITION_REQUIRED')),
    tag: z.enum(ADMIN_TAGS, code('INVALID_INPUT')),
    price: z.string(),
    priceCategory: z.string(),
    availability: z.enum(['true', 'false'], code('INVALID_INPUT')),
    // The listing's current pictures the admin keeps, in order, and which of them is shown first.
    keptImages: z.array(z.string()),
    primaryImage: z.string(),
    newImages: z.array(z.instanceof(File)),
    currentVideo: z.string().nullable(),
    keepsVideo: z.boolean(),
    newVideo: z.instanceof(File).nullable(),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: MessageCode) =>
      context.addIssue({ code: 'custom', path: [path], message });

    if (value.tag === 'sell') {
      const price = Number(value.price);
      if (value.price.trim() === '' || !Number.isFinite(price)) issue('price', 'PRICE_REQUIRED');
      else if (!Number.isInteger(price)) issue('price', 'PRICE_WHOLE_NAIRA');
      else if (price < MIN_PRICE_NAIRA || price > MAX_PRICE_NAIRA) issue('price', 'PRICE_OUT_OF_RANGE');
      else {
        const bounds = priceRangeBounds(value.priceCategory);
        if (bounds && (price < bounds[0] || price > bounds[1])) issue('price', 'PRICE_NOT_IN_RANGE');
      }
      if (!isPriceCategory(value.priceCategory)) issue('priceCategory', 'PRICE_CATEGORY_REQUIRED');
    }

    // spec §5: at least one picture, at most 10, each at most 10MB; the video at most 10MB.
    const imageCount = value.keptImages.length + value.newImages.length;
    if (imageCount === 0) issue('newImages', 'IMAGE_REQUIRED');
    else if (imageCount > MAX_IMAGES) issue('newImages', 'TOO_MANY_IMAGES');
    else if (value.newImages.some((file) => file.size > MAX_FILE_BYTES))
      issue('newImages', 'IMAGE_TOO_LARGE');

    if (value.newVideo && value.newVideo.size > MAX_FILE_BYTES) issue('newVideo', 'VIDEO_TOO_LARGE');
    const hasVideo = value.newVideo !== null || (value.keepsVideo && value.currentVideo !== null);
    // spec §5: a video is required for Accessories, Household-Items and Electronics.
    if (!hasVideo && VIDEO_REQUIRED_CATEGORIES.includes(value.category)) issue('newVideo', 'VIDEO_REQUIRED');
  });
export type AdminProductForm = z.infer<typeof AdminProductFormSchema>;

export function formValuesOf(product: ProductDetail): AdminProductForm {
  const imageUrls = product.images;
  const video = product.video ?? product.videoUrl;
  return {
    title: product.title,
    description: product.description,
    specification: product.specification,
    category: product.category,
    condition: product.condition,
    tag: product.tag === 'Donate' ? 'donate' : 'sell',
    price: product.price === null ? '' : String(product.price),
    priceCategory: product.priceCategory ?? '',
    availability: product.availability ? 'true' : 'false',
    keptImages: imageUrls,
    primaryImage: imageUrls[product.primaryImageIndex] ?? imageUrls[0] ?? '',
    newImages: [],
    currentVideo: video,
    keepsVideo: video !== null,
    newVideo: null,
  };
}

// The multipart body of PUT /adminProduct/{id} (spec §7): the kept picture URLs comma-joined in
// `images`, new picture files also in `images`, a new video file in `video`. An empty `video` text
// field removes the current video.
export function toFormData(values: AdminProductForm): FormData {
  const form = new FormData();
  form.set('title', values.title);
  form.set('description', values.description);
  form.set('specification', values.specification);
  form.set('category', values.category);
  form.set('condition', values.condition);
  form.set('tag', values.tag);
  form.set('availability', values.availability);
  if (values.tag === 'sell') {
    form.set('price', values.price.trim());
    form.set('priceCategory', values.priceCategory);
  }
  form.set('images', values.keptImages.join(','));
  // New pictures come after the kept ones, so the primary picture keeps its place among them.
  form.set('primaryImageIndex', String(Math.max(0, values.keptImages.indexOf(values.primaryImage))));
  if (values.currentVideo && !values.keepsVideo && !values.newVideo) form.set('video', '');
  for (const file of values.newImages) form.append('images', file);
  if (values.newVideo) form.append('video', values.newVideo);
  return form;
}

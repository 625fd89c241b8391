import { z } from 'zod';
import { CATEGORIES, MAX_FILE_BYTES } from '@marketplace/shared/constants';
import {
  DonationEditedSchema,
  editNeedsVideo,
  SaleEditedSchema,
  type ProductDetail,
} from '@marketplace/shared/schemas/products';

// The admin's edit form (spec §3: the admin edit names the tag sell/donate). It checks the edited listing
// with the API's own shared rules (spec §5, decision 006: the video rule only when the edit touches the
// category, the video or the tag), with the same message codes, before anything is sent. Only the sizes
// of the files it is about to send are its own check.

export const ADMIN_TAGS = ['sell', 'donate'] as const;
const productTagOf = (tag: (typeof ADMIN_TAGS)[number]) => (tag === 'sell' ? 'For sale' : 'Donate');

// Where an issue of the shared rules is shown on this form.
const formPathOf: Record<string, string> = {
  images: 'newImages',
  primaryImageIndex: 'newImages',
  video: 'newVideo',
};

const AdminProductFieldsSchema = z.object({
  title: z.string(),
  description: z.string(),
  specification: z.string(),
  category: z.string(),
  condition: z.string(),
  tag: z.enum(ADMIN_TAGS, { error: 'INVALID_INPUT' }),
  // As the product editor leaves them: the price typed (none when empty), its range derived from it.
  price: z.union([z.string(), z.number()]).optional(),
  priceCategory: z.string().optional(),
  availability: z.enum(['true', 'false'], { error: 'INVALID_INPUT' }),
  // The listing's current pictures the admin keeps, in order, and which of them is shown first.
  keptImages: z.array(z.string()),
  primaryImage: z.string(),
  newImages: z.array(z.instanceof(File)),
  currentVideo: z.string().nullable(),
  keepsVideo: z.boolean(),
  newVideo: z.instanceof(File).nullable(),
});

const priceText = (price: string | number | undefined) => String(price ?? '').trim();

export function adminProductFormSchema(product: ProductDetail) {
  const stored = { category: product.category, video: product.video ?? product.videoUrl, tag: product.tag };
  return AdminProductFieldsSchema.superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    // The listing as the edit leaves it; new files stand in as placeholders (the API stores them first).
    const edited = {
      title: value.title,
      description: value.description,
      specification: value.specification,
      category: value.category,
      condition: value.condition,
      price: priceText(value.price) || undefined,
      priceCategory: value.priceCategory || undefined,
      images: [...value.keptImages, ...value.newImages.map((_, index) => `new-picture-${index}`)],
      primaryImageIndex: Math.max(0, value.keptImages.indexOf(value.primaryImage)),
      video: value.newVideo ? 'new-video' : value.keepsVideo ? value.currentVideo : null,
    };
    const tag = productTagOf(value.tag);
    const checked = (tag === 'For sale' ? SaleEditedSchema : DonationEditedSchema).safeParse(edited);
    const reported = new Set<string>();
    for (const { path, message } of checked.error?.issues ?? []) {
      const field = formPathOf[String(path[0])] ?? String(path[0]);
      if (reported.has(field)) continue;
      reported.add(field);
      issue(field, message);
    }
    // Checked beside the other rules, so the admin sees every problem on the first save.
    const category = CATEGORIES.find((known) => known === value.category);
    if (
      !reported.has('newVideo') &&
      category &&
      editNeedsVideo(stored, { category, video: edited.video, tag })
    )
      issue('newVideo', 'VIDEO_REQUIRED');

    if (!reported.has('newImages') && value.newImages.some((file) => file.size > MAX_FILE_BYTES))
      issue('newImages', 'IMAGE_TOO_LARGE');
    if (value.newVideo && value.newVideo.size > MAX_FILE_BYTES) issue('newVideo', 'VIDEO_TOO_LARGE');
  });
}
export type AdminProductForm = z.infer<typeof AdminProductFieldsSchema>;

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
    price: product.price === null ? undefined : String(product.price),
    priceCategory: product.priceCategory ?? undefined,
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
    form.set('price', priceText(values.price));
    form.set('priceCategory', values.priceCategory ?? '');
  }
  form.set('images', values.keptImages.join(','));
  // New pictures come after the kept ones, so the primary picture keeps its place among them.
  form.set('primaryImageIndex', String(Math.max(0, values.keptImages.indexOf(values.primaryImage))));
  if (values.currentVideo && !values.keepsVideo && !values.newVideo) form.set('video', '');
  for (const file of values.newImages) form.append('images', file);
  if (values.newVideo) form.append('video', values.newVideo);
  return form;
}

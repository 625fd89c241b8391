import '../../../styles/forms.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ComponentProps, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  CONDITIONS,
  MAX_FILE_BYTES,
  MAX_IMAGES,
  PRICE_CATEGORIES,
  type PriceCategory,
  type Category,
} from '@marketplace/shared/constants';
import { isMessageCode } from '@marketplace/shared/messages';
import type { z } from 'zod';
import {
  DonationEditedSchema,
  DonationInputSchema,
  priceCategoryFor,
  editNeedsVideo,
  needsVideo,
  priceRangeBounds,
  SaleEditedSchema,
  SaleInputSchema,
  splitImageList,
  type DonationInput,
} from '@marketplace/shared/schemas/products';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { downscaleImage } from '../../../lib/downscale-image';
import type { NewListing, UploadMode } from '../api/create-product';
import { uploadMedia } from '../api/upload-media';
import { useMediaUploads, type ExistingMedia, type MediaRules } from '../hooks/use-media-uploads';
import { IMAGE_TYPES, ImagePicker } from './image-picker';
import { VIDEO_TYPES, VideoPicker } from './video-picker';

// The form holds what the seller types; pictures and the video live in the upload stores and are
// copied in as URLs once stored. A donation's fields are the sale's without a required price, so they
// describe both modes.
type ProductFormFields = DonationInput;
type FieldName = keyof ProductFormFields;

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

type ProductFormProps = {
  mode: UploadMode;
  location: string;
  initial?: ProductFormInitial;
  submitLabel: string;
  isPending: boolean;
  // Rejects with an ApiError to have the fields it names marked; the caller shows its own toast.
  onSubmit: (listing: NewListing) => Promise<void>;
  // Told whether anything was typed or added, so switching Sell/Donate can ask before clearing it.
  onDirtyChange?: (isDirty: boolean) => void;
};

const IMAGE_RULES: MediaRules = {
  accept: IMAGE_TYPES,
  maxBytes: MAX_FILE_BYTES,
  maxItems: MAX_IMAGES,
  tooLarge: 'IMAGE_TOO_LARGE',
  tooMany: 'TOO_MANY_IMAGES',
};
const VIDEO_RULES: MediaRules = {
  accept: VIDEO_TYPES,
  maxBytes: MAX_FILE_BYTES,
  maxItems: 1,
  tooLarge: 'VIDEO_TOO_LARGE',
  tooMany: 'VIDEO_TOO_LARGE',
};

// Pictures are scaled down in the browser before they go up (see lib/downscale-image).
const uploadImage: typeof uploadMedia = async (file, options) =>
  uploadMedia(await downscaleImage(file), options);

// The order issues are reported in, which is also the order of the fields on the page.
const FIELD_ORDER: FieldName[] = [
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

function isFieldName(value: string): value is FieldName {
  return (FIELD_ORDER as string[]).includes(value);
}

// One issue of a 400 answer: { path, code, message } (see the API's validation errors).
function isFieldIssue(value: unknown): value is { path: string; code: string } {
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
function isVideoMissing(
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
function listingResolver(
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

function defaultValues(initial: ProductFormInitial | undefined) {
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

// The upload form of spec §2 and §5, for both Sell and Donate, and for an owner's edit.
export function ProductForm({
  mode,
  location,
  initial,
  submitLabel,
  isPending,
  onSubmit,
  onDirtyChange,
}: ProductFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const fieldId = (name: FieldName) => `${formId}-${name}`;
  const images = useMediaUploads(IMAGE_RULES, uploadImage, initial?.images);
  const video = useMediaUploads(VIDEO_RULES, uploadMedia, initial?.video ? [initial.video] : []);
  const [primaryKey, setPrimaryKey] = useState<string | null>(
    () => images.store.getSnapshot()[initial?.primaryImageIndex ?? -1]?.key ?? null,
  );
  // Shown once a submit found files not ready; it then follows the files, and goes when they are.
  const [isMediaNoticeAsked, setMediaNoticeAsked] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted, isDirty },
  } = useForm<ProductFormFields, unknown, NewListing>({
    resolver: listingResolver(mode, initial),
    defaultValues: defaultValues(initial),
    shouldFocusError: false,
  });
  const category = useWatch({ control, name: 'category' });
  const price = useWatch({ control, name: 'price' });

  // The price range is not asked for: it follows from the price (still sent as priceCategory).
  const priceText = typeof price === 'number' || typeof price === 'string' ? String(price).trim() : '';
  const derivedPriceCategory: PriceCategory | undefined =
    priceText !== '' && Number.isFinite(Number(priceText)) ? priceCategoryFor(Number(priceText)) : undefined;
  useEffect(() => {
    if (mode === 'sell') setValue('priceCategory', derivedPriceCategory, { shouldValidate: isSubmitted });
  }, [mode, derivedPriceCategory, isSubmitted, setValue]);

  const hasMedia = images.items.length > 0 || video.items.length > 0;
  const hasChanges = isDirty || (initial === undefined && hasMedia);
  useEffect(() => {
    onDirtyChange?.(hasChanges);
  }, [hasChanges, onDirtyChange]);

  // The stored pictures and video become the listing's URLs; after a first submit they are checked again
  // as they change, so a fixed problem's message goes away.
  // The first picture is the primary one until the seller chooses another (or removes the chosen one).
  const shownPrimaryKey = images.items.some((item) => item.key === primaryKey)
    ? primaryKey
    : (images.items[0]?.key ?? null);
  const storedImages = images.items.filter((item) => item.status === 'done');
  const imageUrls = storedImages.map((item) => item.url ?? '').join(',');
  const primaryImageIndex = storedImages.findIndex((item) => item.key === shownPrimaryKey);
  const videoUrl = video.items.find((item) => item.status === 'done')?.url ?? '';
  useEffect(() => {
    const options = { shouldValidate: isSubmitted };
    setValue('images', imageUrls === '' ? [] : splitImageList(imageUrls), options);
    setValue('primaryImageIndex', primaryImageIndex, options);
    setValue('video', videoUrl, options);
  }, [imageUrls, primaryImageIndex, videoUrl, isSubmitted, setValue]);

  function focusFirstIssue(names: string[]) {
    const first = FIELD_ORDER.find((name) => names.includes(name));
    const target = first === 'primaryImageIndex' ? 'images' : first === 'priceCategory' ? 'price' : first;
    if (target) document.getElementById(fieldId(target))?.focus();
  }

  async function onValid(listing: NewListing) {
    try {
      await onSubmit(listing);
    } catch (error) {
      // The server's own field issues (400), marked on the fields they name; what was typed stays.
      if (!(error instanceof ApiError) || !Array.isArray(error.details)) return;
      const issues: unknown[] = error.details;
      const names: string[] = [];
      for (const issue of issues) {
        if (!isFieldIssue(issue)) continue;
        const { path, code } = issue;
        const name = path.split('.')[0] ?? '';
        if (!isFieldName(name) || names.includes(name)) continue;
        names.push(name);
        setError(name, { type: 'server', message: isMessageCode(code) ? code : error.message });
      }
      focusFirstIssue(names);
    }
  }

  const allMedia = [...images.items, ...video.items];
  const mediaProblem = allMedia.some((item) => item.status === 'uploading' || item.status === 'queued')
    ? 'waitForUploads'
    : allMedia.some((item) => item.status === 'failed')
      ? 'fixFailedUploads'
      : null;
  const mediaNotice = isMediaNoticeAsked ? mediaProblem : null;

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    setMediaNoticeAsked(mediaProblem !== null);
    if (mediaProblem) {
      event.preventDefault();
      document.getElementById(`${formId}-media-notice`)?.focus();
      return;
    }
    void handleSubmit(onValid, (issues) => focusFirstIssue(Object.keys(issues)))(event);
  }

  const isSale = mode === 'sell';

  return (
    <form noValidate onSubmit={onFormSubmit} aria-busy={isPending}>
      <TextField
        id={fieldId('title')}
        label={t('upload.title')}
        maxLength={120}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        id={fieldId('description')}
        label={t('upload.description')}
        rows={4}
        maxLength={4000}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextAreaField
        id={fieldId('specification')}
        label={t('upload.specification')}
        hint={t('upload.specificationHint')}
        rows={3}
        maxLength={2000}
        error={errors.specification?.message}
        {...register('specification')}
      />
      <div className="row g-3 mb-3">
        <div className="col-12 col-sm-6">
          <SelectField
            id={fieldId('category')}
            label={t('upload.category')}
            placeholder={t('upload.chooseCategory')}
            options={CATEGORIES.map((value) => ({ value, label: t(`listings.category.${value}`) }))}
            error={errors.category?.message}
            {...register('category')}
          />
        </div>
        <div className="col-12 col-sm-6">
          <SelectField
            id={fieldId('condition')}
            label={t('upload.condition')}
            placeholder={t('upload.chooseCondition')}
            options={CONDITIONS.map((value) => ({ value, label: t(`listings.condition.${value}`) }))}
            error={errors.condition?.message}
            {...register('condition')}
          />
        </div>
      </div>
      {isSale && (
        <div className="row g-3 mb-3">
          <div className="col-12 col-sm-6">
            <TextField
              id={fieldId('price')}
              className=""
              label={t('upload.price')}
              hint={t('upload.priceHint')}
              type="number"
              inputMode="numeric"
              min={500}
              max={50000}
              step={1}
              error={errors.price?.message ?? errors.priceCategory?.message}
              {...register('price', { setValueAs: (value: unknown) => (value === '' ? undefined : value) })}
            />
          </div>
          <div className="col-12 col-sm-6 d-flex align-items-sm-end">
            {/* Read out when the price changes it; a missing range is the price's problem, said there. */}
            <p id={fieldId('priceCategory')} className="mb-sm-4 text-body-secondary" aria-live="polite">
              {derivedPriceCategory
                ? t('upload.derivedPriceRange', { range: t(`listings.priceRange.${derivedPriceCategory}`) })
                : t('upload.priceRangeUnknown')}
            </p>
          </div>
        </div>
      )}
      <TextField
        id={`${formId}-location`}
        label={t('upload.location')}
        hint={t('upload.locationHint')}
        value={location}
        readOnly
      />
      <ImagePicker
        inputId={fieldId('images')}
        items={images.items}
        store={images.store}
        primaryKey={shownPrimaryKey}
        onPrimaryChange={setPrimaryKey}
        errors={[errors.images?.message, errors.primaryImageIndex?.message]}
      />
      <VideoPicker
        inputId={fieldId('video')}
        item={video.items[0]}
        store={video.store}
        isRequired={isVideoMissing(mode, initial, { category, video: null })}
        error={errors.video?.message}
      />
      {/* Always present, so that focusing it works in the same click that sets its text. */}
      <div
        id={`${formId}-media-notice`}
        className={mediaNotice ? 'alert alert-warning' : undefined}
        role="alert"
        tabIndex={-1}
      >
        {mediaNotice && t(`upload.${mediaNotice}`)}
      </div>
      <SubmitButton isPending={isPending} className="btn btn-primary btn-lg w-100 mt-2">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  error?: string;
};

function SelectField({ label, placeholder, options, error, id, ...selectProps }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={error ? 'form-select is-invalid' : 'form-select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...selectProps}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </>
  );
}

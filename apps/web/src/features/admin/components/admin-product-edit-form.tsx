import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ChangeEvent } from 'react';
import { useForm, useWatch, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, CONDITIONS, PRICE_CATEGORIES } from '@marketplace/shared/constants';
import { isMessageCode } from '@marketplace/shared/messages';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateAdminProduct } from '../api/update-admin-product';
import {
  ADMIN_TAGS,
  adminProductFormSchema,
  formValuesOf,
  toFormData,
  type AdminProductForm,
} from './admin-product-form-schema';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { SelectField } from '../../../components/ui/select-field';

// Where the API's validation issues (by field path) are shown on this form.
const fieldOfPath: Record<string, Path<AdminProductForm>> = {
  title: 'title',
  description: 'description',
  specification: 'specification',
  category: 'category',
  condition: 'condition',
  price: 'price',
  priceCategory: 'priceCategory',
  images: 'newImages',
  primaryImageIndex: 'newImages',
  video: 'newVideo',
};

function validationIssues(error: unknown): { path: string; code: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.flatMap((detail: unknown) =>
    typeof detail === 'object' &&
    detail !== null &&
    'path' in detail &&
    'code' in detail &&
    typeof detail.path === 'string' &&
    typeof detail.code === 'string'
      ? [{ path: detail.path, code: detail.code }]
      : [],
  );
}

type AdminProductEditFormProps = { product: ProductDetail };

// spec §2: /admin/products/edit/:id. Sent as multipart (spec §7); the listing keeps its status.
export function AdminProductEditForm({ product }: AdminProductEditFormProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const update = useUpdateAdminProduct();
  const currentImages = product.images;
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: zodResolver(adminProductFormSchema(product)),
    defaultValues: formValuesOf(product),
  });
  const [tag, keptImages, primaryImage, newImages, currentVideo] = useWatch({
    control,
    name: ['tag', 'keptImages', 'primaryImage', 'newImages', 'currentVideo'],
  });

  const setField = <Name extends Path<AdminProductForm>>(
    name: Name,
    value: PathValue<AdminProductForm, Name>,
  ) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });

  function onKeepImageChange(url: string, isKept: boolean) {
    const nextKept = currentImages.filter((image) => (image === url ? isKept : keptImages.includes(image)));
    setField('keptImages', nextKept);
    if (!nextKept.includes(primaryImage)) setField('primaryImage', nextKept[0] ?? '');
  }

  function onNewImagesChange(event: ChangeEvent<HTMLInputElement>) {
    setField('newImages', Array.from(event.target.files ?? []));
  }

  function onNewVideoChange(event: ChangeEvent<HTMLInputElement>) {
    setField('newVideo', event.target.files?.[0] ?? null);
  }

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { id: product.id, form: toFormData(values) },
      {
        onError: (error) => {
          for (const issue of validationIssues(error)) {
            const field = fieldOfPath[issue.path];
            if (field && isMessageCode(issue.code)) setError(field, { message: issue.code });
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField label={t('admin.edit.title')} error={errors.title?.message} {...register('title')} />
      <TextAreaField
        label={t('admin.edit.description')}
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextAreaField
        label={t('admin.edit.specification')}
        rows={3}
        error={errors.specification?.message}
        {...register('specification')}
      />
      <div className="row">
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.category')}
          error={errors.category?.message}
          {...register('category')}
        >
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`admin.categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.condition')}
          error={errors.condition?.message}
          {...register('condition')}
        >
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {t(`admin.conditions.${condition}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="row">
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.tag')}
          error={errors.tag?.message}
          {...register('tag')}
        >
          {ADMIN_TAGS.map((option) => (
            <option key={option} value={option}>
              {t(`admin.edit.tags.${option}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.availability')}
          error={errors.availability?.message}
          {...register('availability')}
        >
          <option value="true">{t('admin.edit.available')}</option>
          <option value="false">{t('admin.edit.notAvailable')}</option>
        </SelectField>
      </div>
      {tag === 'sell' && (
        <div className="row">
          <TextField
            className="col-md-6 mb-3"
            label={t('admin.edit.price')}
            hint={t('admin.edit.priceHint')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.price?.message}
            {...register('price')}
          />
          <SelectField
            className="col-md-6 mb-3"
            label={t('admin.edit.priceCategory')}
            error={errors.priceCategory?.message}
            {...register('priceCategory')}
          >
            <option value="">{t('admin.edit.choosePriceCategory')}</option>
            {PRICE_CATEGORIES.map((priceCategory) => (
              <option key={priceCategory} value={priceCategory}>
                {priceCategory}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      <fieldset className="mb-3">
        <legend className="h6">{t('admin.edit.pictures')}</legend>
        {currentImages.length > 0 && (
          <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-2 list-unstyled">
            {currentImages.map((url, index) => {
              const isKept = keptImages.includes(url);
              const number = index + 1;
              return (
                <li key={url} className="col">
                  <div className={isKept ? 'card h-100' : 'card h-100 opacity-50'}>
                    <img
                      src={url}
                      alt={t('admin.edit.pictureAlt', { number })}
                      className="card-img-top admin-thumbnail"
                      style={{ aspectRatio: '1 / 1' }}
                    />
                    <div className="card-body p-2 small">
                      <div className="form-check">
                        <input
                          id={`${fieldId}-keep-${index}`}
                          type="checkbox"
                          className="form-check-input"
                          checked={isKept}
                          onChange={(event) => onKeepImageChange(url, event.target.checked)}
                        />
                        <label htmlFor={`${fieldId}-keep-${index}`} className="form-check-label">
                          {t('admin.edit.keepPicture', { number })}
                        </label>
                      </div>
                      <div className="form-check">
                        <input
                          id={`${fieldId}-primary-${index}`}
                          type="radio"
                          name={`${fieldId}-primary`}
                          className="form-check-input"
                          checked={isKept && primaryImage === url}
                          disabled={!isKept}
                          onChange={() => setField('primaryImage', url)}
                        />
                        <label htmlFor={`${fieldId}-primary-${index}`} className="form-check-label">
                          {t('admin.edit.primaryPicture', { number })}
                        </label>
                      </div>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <label htmlFor={`${fieldId}-new-images`} className="form-label">
          {t('admin.edit.addPictures')}
        </label>
        <input
          id={`${fieldId}-new-images`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className={errors.newImages ? 'form-control is-invalid' : 'form-control'}
          aria-describedby={describedBy(
            `${fieldId}-new-images-hint`,
            errors.newImages && `${fieldId}-new-images-error`,
          )}
          aria-invalid={errors.newImages ? true : undefined}
          onChange={onNewImagesChange}
        />
        <div id={`${fieldId}-new-images-hint`} className="form-text">
          {t('admin.edit.picturesHint')}
        </div>
        {newImages.length > 0 && (
          <ul className="small mt-1 mb-0">
            {newImages.map((file, index) => (
              <li key={`${file.name}-${index}`}>{file.name}</li>
            ))}
          </ul>
        )}
        <FieldError id={`${fieldId}-new-images-error`} message={errors.newImages?.message} />
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h6">{t('admin.edit.video')}</legend>
        {currentVideo && (
          <>
            <video
              src={currentVideo}
              controls
              preload="metadata"
              className="d-block mb-2 rounded"
              style={{ maxWidth: '20rem', width: '100%' }}
              aria-label={t('admin.edit.currentVideo')}
            />
            <div className="form-check mb-2">
              <input
                id={`${fieldId}-keep-video`}
                type="checkbox"
                className="form-check-input"
                {...register('keepsVideo')}
              />
              <label htmlFor={`${fieldId}-keep-video`} className="form-check-label">
                {t('admin.edit.keepVideo')}
              </label>
            </div>
          </>
        )}
        <label htmlFor={`${fieldId}-new-video`} className="form-label">
          {currentVideo ? t('admin.edit.replaceVideo') : t('admin.edit.addVideo')}
        </label>
        <input
          id={`${fieldId}-new-video`}
          type="file"
          accept="video/mp4,video/webm,video/quicktime"
          className={errors.newVideo ? 'form-control is-invalid' : 'form-control'}
          aria-describedby={describedBy(
            `${fieldId}-new-video-hint`,
            errors.newVideo && `${fieldId}-new-video-error`,
          )}
          aria-invalid={errors.newVideo ? true : undefined}
          onChange={onNewVideoChange}
        />
        <div id={`${fieldId}-new-video-hint`} className="form-text">
          {t('admin.edit.videoHint')}
        </div>
        <FieldError id={`${fieldId}-new-video-error`} message={errors.newVideo?.message} />
      </fieldset>

      <SubmitButton isPending={update.isPending} className="btn btn-primary">
        {t('admin.edit.submit')}
      </SubmitButton>
    </form>
  );
}

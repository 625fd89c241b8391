import { useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { CATEGORIES, CONDITIONS, type PriceCategory } from '@marketplace/shared/constants';
import { priceCategoryFor } from '@marketplace/shared/schemas/products';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { NewListing, UploadMode } from '../api/create-product';
import type { FieldName, ProductFormFields } from './product-form-rules';

export type ProductDetailsFieldsProps = {
  mode: UploadMode;
  // The seller's location, shown read-only on the seller's form (the admin's has none).
  location?: string;
  // The id of each field, so that the form can move the focus to the first one with a problem.
  fieldId?: (name: FieldName) => string;
  // Fields of the host form after category and condition (the admin's listing type and availability).
  children?: ReactNode;
};

// The product editor's words, one for the seller's form and the admin's (the admin's through its slot,
// decision 062): title, texts, category, condition, the host's own fields, for a sale the price (its range
// follows from it), and the seller's location.
export function ProductDetailsFields({ mode, location, fieldId, children }: ProductDetailsFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<ProductFormFields, unknown, NewListing>();
  const price = useWatch({ control, name: 'price' });

  // The price range is not asked for: it follows from the price (still sent as priceCategory).
  const priceText = typeof price === 'number' || typeof price === 'string' ? String(price).trim() : '';
  const derivedPriceCategory: PriceCategory | undefined =
    priceText !== '' && Number.isFinite(Number(priceText)) ? priceCategoryFor(Number(priceText)) : undefined;
  useEffect(() => {
    if (mode === 'sell') setValue('priceCategory', derivedPriceCategory, { shouldValidate: isSubmitted });
  }, [mode, derivedPriceCategory, isSubmitted, setValue]);

  return (
    <>
      <TextField
        id={fieldId?.('title')}
        label={t('upload.title')}
        maxLength={120}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        id={fieldId?.('description')}
        label={t('upload.description')}
        rows={4}
        maxLength={4000}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextAreaField
        id={fieldId?.('specification')}
        label={t('upload.specification')}
        hint={t('upload.specificationHint')}
        rows={3}
        maxLength={2000}
        error={errors.specification?.message}
        {...register('specification')}
      />
      <div className="row g-3 mb-3">
        <SelectField
          id={fieldId?.('category')}
          className="col-12 col-sm-6"
          label={t('upload.category')}
          placeholder={t('upload.chooseCategory')}
          options={CATEGORIES.map((value) => ({ value, label: t(`listings.category.${value}`) }))}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          id={fieldId?.('condition')}
          className="col-12 col-sm-6"
          label={t('upload.condition')}
          placeholder={t('upload.chooseCondition')}
          options={CONDITIONS.map((value) => ({ value, label: t(`listings.condition.${value}`) }))}
          error={errors.condition?.message}
          {...register('condition')}
        />
      </div>
      {children}
      {mode === 'sell' && (
        <div className="row g-3 mb-3">
          <TextField
            id={fieldId?.('price')}
            className="col-12 col-sm-6"
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
          <div className="col-12 col-sm-6 d-flex align-items-sm-end">
            {/* Read out when the price changes it; a missing range is the price's problem, said there. */}
            <p id={fieldId?.('priceCategory')} className="mb-sm-4 text-body-secondary" aria-live="polite">
              {derivedPriceCategory
                ? t('upload.derivedPriceRange', { range: t(`listings.priceRange.${derivedPriceCategory}`) })
                : t('upload.priceRangeUnknown')}
            </p>
          </div>
        </div>
      )}
      {location !== undefined && (
        <TextField label={t('upload.location')} hint={t('upload.locationHint')} value={location} readOnly />
      )}
    </>
  );
}

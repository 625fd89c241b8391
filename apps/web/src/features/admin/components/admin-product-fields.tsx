import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, CONDITIONS, PRICE_CATEGORIES } from '@marketplace/shared/constants';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ADMIN_TAGS, type AdminProductForm } from './admin-product-form-schema';

// The admin edit form's words and choices: title, texts, category, condition, tag, availability, and
// for a sale the price and its range.
export function AdminProductFields() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AdminProductForm>();
  const tag = useWatch({ control, name: 'tag' });

  return (
    <>
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
          options={CATEGORIES.map((value) => ({ value, label: t(`admin.categories.${value}`) }))}
          error={errors.category?.message}
          {...register('category')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.condition')}
          options={CONDITIONS.map((value) => ({ value, label: t(`admin.conditions.${value}`) }))}
          error={errors.condition?.message}
          {...register('condition')}
        />
      </div>
      <div className="row">
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.tag')}
          options={ADMIN_TAGS.map((value) => ({ value, label: t(`admin.edit.tags.${value}`) }))}
          error={errors.tag?.message}
          {...register('tag')}
        />
        <SelectField
          className="col-md-6 mb-3"
          label={t('admin.edit.availability')}
          options={[
            { value: 'true', label: t('admin.edit.available') },
            { value: 'false', label: t('admin.edit.notAvailable') },
          ]}
          error={errors.availability?.message}
          {...register('availability')}
        />
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
            placeholder={t('admin.edit.choosePriceCategory')}
            options={PRICE_CATEGORIES.map((value) => ({ value, label: value }))}
            error={errors.priceCategory?.message}
            {...register('priceCategory')}
          />
        </div>
      )}
    </>
  );
}

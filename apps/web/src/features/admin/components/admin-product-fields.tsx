import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { SelectField } from '../../../components/ui/select-field';
import { useAdminSlots } from '../slots';
import { ADMIN_TAGS, type AdminProductForm } from './admin-product-form-schema';

// The admin edit form's words: the seller's product editor (title, texts, category, condition, the price
// and its range for a sale), with the admin's extra fields, the listing type and availability.
export function AdminProductFields() {
  const { t } = useTranslation();
  const { ProductDetailsFields } = useAdminSlots();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AdminProductForm>();
  const tag = useWatch({ control, name: 'tag' });
  if (!ProductDetailsFields) return null;

  return (
    <ProductDetailsFields mode={tag}>
      <div className="row g-3 mb-3">
        <SelectField
          className="col-12 col-sm-6"
          label={t('admin.edit.tag')}
          options={ADMIN_TAGS.map((value) => ({ value, label: t(`admin.edit.tags.${value}`) }))}
          error={errors.tag?.message}
          {...register('tag')}
        />
        <SelectField
          className="col-12 col-sm-6"
          label={t('admin.edit.availability')}
          options={[
            { value: 'true', label: t('admin.edit.available') },
            { value: 'false', label: t('admin.edit.notAvailable') },
          ]}
          error={errors.availability?.message}
          {...register('availability')}
        />
      </div>
    </ProductDetailsFields>
  );
}

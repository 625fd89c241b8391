import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { isMessageCode } from '@marketplace/shared/reply-texts';
import type { ProductDetail } from '@marketplace/shared/schemas/products';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useUpdateAdminProduct } from '../api/update-admin-product';
import { AdminProductFields } from './admin-product-fields';
import {
  adminProductFormSchema,
  formValuesOf,
  toFormData,
  type AdminProductForm,
} from './admin-product-form-schema';
import { AdminProductPictures } from './admin-product-pictures';
import { AdminProductVideo } from './admin-product-video';

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
  const update = useUpdateAdminProduct();
  const form = useForm({
    resolver: zodResolver(adminProductFormSchema(product)),
    defaultValues: formValuesOf(product),
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { id: product.id, form: toFormData(values) },
      {
        onError: (error) => {
          for (const issue of validationIssues(error)) {
            const field = fieldOfPath[issue.path];
            if (field && isMessageCode(issue.code)) form.setError(field, { message: issue.code });
          }
        },
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit}>
        <AdminProductFields />
        <AdminProductPictures currentImages={product.images} />
        <AdminProductVideo />
        <SubmitButton isPending={update.isPending} className="btn btn-primary">
          {t('admin.edit.submit')}
        </SubmitButton>
      </form>
    </FormProvider>
  );
}

import { useFormContext, type Path, type PathValue } from 'react-hook-form';
import type { AdminProductForm } from '../components/admin-product-form-schema';

// Sets a field of the admin's edit form the way a typed change would: marked dirty, and checked again
// once the form has been submitted, so a fixed problem's message goes away.
export function useSetProductField() {
  const {
    setValue,
    formState: { isSubmitted },
  } = useFormContext<AdminProductForm>();
  return <Name extends Path<AdminProductForm>>(name: Name, value: PathValue<AdminProductForm, Name>) =>
    setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
}

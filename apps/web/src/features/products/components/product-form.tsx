import '../../../styles/forms.scss';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { isMessageCode } from '@marketplace/shared/reply-texts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import type { NewListing, UploadMode } from '../api/create-product';
import { useProductMedia } from '../hooks/use-product-media';
import { ImagePicker } from './image-picker';
import { ProductDetailsFields } from './product-details-fields';
import {
  defaultValues,
  FIELD_ORDER,
  isFieldIssue,
  isFieldName,
  isVideoMissing,
  listingResolver,
  type FieldName,
  type ProductFormFields,
  type ProductFormInitial,
} from './product-form-rules';
import { VideoPicker } from './video-picker';

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
  // Shown once a submit found files not ready; it then follows the files, and goes when they are.
  const [isMediaNoticeAsked, setMediaNoticeAsked] = useState(false);

  const form = useForm<ProductFormFields, unknown, NewListing>({
    resolver: listingResolver(mode, initial),
    defaultValues: defaultValues(initial),
    shouldFocusError: false,
  });
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted, isDirty },
  } = form;
  const category = useWatch({ control, name: 'category' });
  const media = useProductMedia({ initial, setValue, isSubmitted });

  const hasChanges = isDirty || (initial === undefined && media.hasMedia);
  useEffect(() => {
    onDirtyChange?.(hasChanges);
  }, [hasChanges, onDirtyChange]);

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

  const mediaNotice = isMediaNoticeAsked ? media.problem : null;

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    setMediaNoticeAsked(media.problem !== null);
    if (media.problem) {
      event.preventDefault();
      document.getElementById(`${formId}-media-notice`)?.focus();
      return;
    }
    void handleSubmit(onValid, (issues) => focusFirstIssue(Object.keys(issues)))(event);
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onFormSubmit} aria-busy={isPending}>
        <ProductDetailsFields mode={mode} location={location} fieldId={fieldId} />
        <ImagePicker
          inputId={fieldId('images')}
          items={media.images.items}
          store={media.images.store}
          primaryKey={media.shownPrimaryKey}
          onPrimaryChange={media.setPrimaryKey}
          errors={[errors.images?.message, errors.primaryImageIndex?.message]}
        />
        <VideoPicker
          inputId={fieldId('video')}
          item={media.video.items[0]}
          store={media.video.store}
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
    </FormProvider>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { ModerationStatusInputSchema } from '@marketplace/shared/schemas/admin';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';

type RejectProductDialogProps = {
  productTitle: string;
  isPending: boolean;
  onReject: (reason: string | undefined) => void;
  onCancel: () => void;
};

// The reason of PUT /adminProduct/{id}/status, by the API's own rule.
const RejectionSchema = ModerationStatusInputSchema.pick({ reason: true });

// Asks for an optional reason before a listing is rejected; the seller is told the reason.
export function RejectProductDialog({
  productTitle,
  isPending,
  onReject,
  onCancel,
}: RejectProductDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(RejectionSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(({ reason }) => onReject(reason || undefined));

  return (
    <FormDialog
      title={t('admin.reject.title', { title: productTitle })}
      submitLabel={t('admin.reject.submit')}
      tone="danger"
      isPending={isPending}
      onSubmit={() => void onSubmit()}
      onClose={onCancel}
    >
      <TextAreaField
        label={t('admin.reject.reason')}
        hint={t('admin.reject.reasonHint')}
        rows={3}
        maxLength={500}
        error={errors.reason?.message}
        {...register('reason')}
        className="mb-0"
      />
    </FormDialog>
  );
}

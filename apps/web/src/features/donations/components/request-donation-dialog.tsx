import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { DONATION_REASON_MAX_LENGTH } from '@marketplace/shared/constants';
import { DonationRequestInputSchema } from '@marketplace/shared/schemas/donations';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useRequestDonation } from '../api/request-donation';

type RequestDonationDialogProps = {
  productId: string;
  productTitle: string;
  // Called once this user's request stands (sent now, or earlier).
  onRequested: () => void;
  onClose: () => void;
};

// 'Request this item': a short reason for the giver (decision 025).
export default function RequestDonationDialog({
  productId,
  productTitle,
  onRequested,
  onClose,
}: RequestDonationDialogProps) {
  const { t } = useTranslation();
  const request = useRequestDonation();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(DonationRequestInputSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control, name: 'reason' });

  const onSubmit = handleSubmit((checked) =>
    request.mutate(
      { productId, request: checked },
      {
        onSuccess: onRequested,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'DONATION_REQUEST_EXISTS') onRequested();
        },
      },
    ),
  );

  return (
    <FormDialog
      title={t('donation.requestTitle', { title: productTitle })}
      submitLabel={t('donation.send')}
      isPending={request.isPending}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <TextAreaField
        label={t('donation.reason')}
        hint={`${t('donation.reasonHint', { max: DONATION_REASON_MAX_LENGTH })} ${t('donation.charactersLeft', { count: DONATION_REASON_MAX_LENGTH - reason.length })}`}
        error={errors.reason?.message}
        rows={4}
        maxLength={DONATION_REASON_MAX_LENGTH}
        {...register('reason')}
        autoFocus
        className="mb-0"
      />
    </FormDialog>
  );
}

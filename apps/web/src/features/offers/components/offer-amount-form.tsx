import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';

type AmountSchema = z.ZodType<{ amount: number }, { amount: unknown }>;

type OfferAmountFormProps = {
  // The shared schema with the listing's rules (offerFormSchema or counterFormSchema).
  schema: AmountSchema;
  label: string;
  hint: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (amount: number) => void;
  onCancel: () => void;
};

// An amount in whole naira: the buyer's offer or the seller's counter, checked by the shared schema before it
// is sent (the server checks it again).
export function OfferAmountForm({
  schema,
  label,
  hint,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: OfferAmountFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values.amount))} className="offer-form">
      <TextField
        label={label}
        hint={hint}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        error={errors.amount?.message}
        {...register('amount')}
      />
      <div className="d-flex gap-2">
        <SubmitButton isPending={isPending} className="btn btn-primary">
          {submitLabel}
        </SubmitButton>
        <button type="button" className="btn btn-link" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

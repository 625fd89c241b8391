import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { formatKobo, nairaToKobo } from '@marketplace/shared/money';
import {
  DISPUTE_OUTCOMES,
  ResolveDisputeBodySchema,
  type Dispute,
  type ResolveDisputeBody,
} from '@marketplace/shared/schemas/payouts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useResolveDispute } from '../api/admin';

// The admin types naira ("2500" or "2,500.50"); the API takes kobo. The amount is asked only for a partial
// refund, and must be less than what the buyer paid (the API says the same with 422).
function resolveFormSchema(paidKobo: number) {
  return z
    .object({ outcome: z.enum(DISPUTE_OUTCOMES, { error: 'DISPUTE_REASON_REQUIRED' }), amount: z.string() })
    .transform((values, context): ResolveDisputeBody => {
      if (values.outcome !== 'partial') return { outcome: values.outcome };
      const naira = Number(values.amount.replace(/[,\s₦]/g, ''));
      const kobo = Number.isFinite(naira) ? nairaToKobo(naira) : NaN;
      if (!Number.isInteger(kobo) || kobo <= 0) {
        context.addIssue({ code: 'custom', path: ['amount'], message: 'amountRequired' });
        return z.NEVER;
      }
      if (kobo >= paidKobo) {
        context.addIssue({ code: 'custom', path: ['amount'], message: 'REFUND_ABOVE_PAID' });
        return z.NEVER;
      }
      return ResolveDisputeBodySchema.parse({ outcome: 'partial', amount: kobo });
    });
}

type FormValues = { outcome: ResolveDisputeBody['outcome']; amount: string };

export function ResolveDisputeForm({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation();
  const resolve = useResolveDispute(dispute.id);
  const legendId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, ResolveDisputeBody>({
    resolver: zodResolver(resolveFormSchema(dispute.paidAmount)),
    defaultValues: { outcome: 'refund', amount: '' },
  });
  const outcome = useWatch({ control, name: 'outcome' });
  const amountError = errors.amount?.message;

  return (
    <form
      noValidate
      className="card card-body mt-4"
      aria-labelledby={legendId}
      onSubmit={handleSubmit((body) => resolve.mutate(body))}
    >
      <h2 id={legendId} className="h5">
        {t('protection.admin.resolveTitle')}
      </h2>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('protection.admin.outcome')}</legend>
        {DISPUTE_OUTCOMES.map((value) => (
          <div key={value} className="form-check">
            <input
              type="radio"
              className="form-check-input"
              id={`${legendId}-${value}`}
              value={value}
              {...register('outcome')}
            />
            <label className="form-check-label" htmlFor={`${legendId}-${value}`}>
              {t(`protection.admin.outcomes.${value}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {outcome === 'partial' && (
        <TextField
          label={t('protection.admin.amount')}
          hint={t('protection.admin.amountHint', { paid: formatKobo(dispute.paidAmount) })}
          inputMode="decimal"
          autoComplete="off"
          error={
            amountError &&
            (amountError === 'amountRequired'
              ? t('protection.admin.amountRequired')
              : t(`errors.REFUND_ABOVE_PAID`))
          }
          {...register('amount')}
        />
      )}
      <div>
        <SubmitButton isPending={resolve.isPending} className="btn btn-primary">
          {t('protection.admin.resolve')}
        </SubmitButton>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import {
  DISPUTE_REASONS,
  OpenDisputeBodySchema,
  type OpenDisputeBody,
} from '@marketplace/shared/schemas/payouts';
import type { z } from 'zod';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';

type ReportProblemFormProps = {
  isPending: boolean;
  onSubmit: (body: z.output<typeof OpenDisputeBodySchema>) => void;
};

// What went wrong (a reason) and what happened, checked by the API's own schema before it is sent.
export function ReportProblemForm({ isPending, onSubmit }: ReportProblemFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OpenDisputeBody, unknown, z.output<typeof OpenDisputeBodySchema>>({
    resolver: zodResolver(OpenDisputeBodySchema),
    defaultValues: { reason: '' as OpenDisputeBody['reason'], details: '', photos: [] },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('protection.report.formLabel')}>
      <SelectField
        label={t('protection.report.reason')}
        placeholder={t('protection.report.reasonPlaceholder')}
        options={DISPUTE_REASONS.map((value) => ({ value, label: t(`protection.reasons.${value}`) }))}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <TextAreaField
        label={t('protection.report.details')}
        hint={t('protection.report.detailsHint')}
        rows={5}
        maxLength={2000}
        error={errors.details?.message}
        {...register('details')}
      />
      <SubmitButton isPending={isPending} className="btn btn-danger">
        {t('protection.report.submit')}
      </SubmitButton>
    </form>
  );
}

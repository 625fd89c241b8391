import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from '@marketplace/shared/constants';
import { ListingReportInputSchema } from '@marketplace/shared/schemas/reports';
import { FieldError } from '../../../components/ui/field-error';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useReportListing } from '../api/report-listing';

type ReportListingDialogProps = {
  productId: string;
  productTitle: string;
  // Called once the listing stands reported by this user (just now, or earlier).
  onReported: () => void;
  onClose: () => void;
};

// Report this listing: a reason from the fixed list and an optional note (decision 022).
export default function ReportListingDialog({
  productId,
  productTitle,
  onReported,
  onClose,
}: ReportListingDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reasonErrorId = useId();
  const report = useReportListing();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ListingReportInputSchema),
    defaultValues: { reason: undefined, note: '' },
  });
  const reasonError = errors.reason?.message;

  const onSubmit = handleSubmit((checked) =>
    report.mutate(
      { productId, report: checked },
      {
        onSuccess: onReported,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'REPORT_ALREADY_SENT') onReported();
        },
      },
    ),
  );

  return (
    <FormDialog
      title={t('report.title', { title: productTitle })}
      submitLabel={t('report.submit')}
      tone="danger"
      isPending={report.isPending}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
        <legend className="form-label fs-6">{t('report.reason')}</legend>
        {REPORT_REASONS.map((value) => (
          <div key={value} className="form-check">
            <input
              className={`form-check-input${reasonError ? ' is-invalid' : ''}`}
              type="radio"
              id={`${reasonId}-${value}`}
              value={value}
              {...register('reason')}
            />
            <label className="form-check-label" htmlFor={`${reasonId}-${value}`}>
              {t(`report.reasons.${value}`)}
            </label>
          </div>
        ))}
        <FieldError id={reasonErrorId} message={reasonError} />
      </fieldset>
      <TextAreaField
        label={t('report.note')}
        rows={3}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        error={errors.note?.message}
        {...register('note')}
        className="mt-3 mb-0"
      />
    </FormDialog>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@marketplace/shared/constants';
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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const report = useReportListing();

  function onSubmit() {
    if (!reason) {
      setIsReasonMissing(true);
      return;
    }
    report.mutate(
      { productId, report: { reason, note: note.trim() || null } },
      {
        onSuccess: onReported,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'REPORT_ALREADY_SENT') onReported();
        },
      },
    );
  }

  return (
    <FormDialog
      title={t('report.title', { title: productTitle })}
      submitLabel={t('report.submit')}
      tone="danger"
      isPending={report.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <fieldset aria-describedby={isReasonMissing ? reasonErrorId : undefined}>
        <legend className="form-label fs-6">{t('report.reason')}</legend>
        {REPORT_REASONS.map((value) => (
          <div key={value} className="form-check">
            <input
              className={`form-check-input${isReasonMissing ? ' is-invalid' : ''}`}
              type="radio"
              name="reason"
              id={`${reasonId}-${value}`}
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setIsReasonMissing(false);
              }}
            />
            <label className="form-check-label" htmlFor={`${reasonId}-${value}`}>
              {t(`report.reasons.${value}`)}
            </label>
          </div>
        ))}
        {isReasonMissing && (
          <div id={reasonErrorId} className="invalid-feedback d-block" role="alert">
            {t('errors.REPORT_REASON_REQUIRED')}
          </div>
        )}
      </fieldset>
      <TextAreaField
        label={t('report.note')}
        rows={3}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="mt-3 mb-0"
      />
    </FormDialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@marketplace/shared/constants';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useReportListing } from '../api/report-listing';
import '../../../styles/dialog.scss';

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
  const titleId = useId();
  const noteId = useId();
  const reasonErrorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const report = useReportListing();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton closeLabel={t('report.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('report.title', { title: productTitle })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset aria-describedby={isReasonMissing ? reasonErrorId : undefined}>
            <legend className="form-label fs-6">{t('report.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <div key={value} className="form-check">
                <input
                  className={`form-check-input${isReasonMissing ? ' is-invalid' : ''}`}
                  type="radio"
                  name="reason"
                  id={`${noteId}-${value}`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setIsReasonMissing(false);
                  }}
                />
                <label className="form-check-label" htmlFor={`${noteId}-${value}`}>
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
          <label htmlFor={noteId} className="form-label mt-3">
            {t('report.note')}
          </label>
          <textarea
            id={noteId}
            className="form-control"
            rows={3}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('report.cancel')}
          </button>
          <SubmitButton isPending={report.isPending} className="btn btn-danger">
            {t('report.submit')}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button';

type RejectProductDialogProps = {
  productTitle: string;
  isPending: boolean;
  onReject: (reason: string | undefined) => void;
  onCancel: () => void;
};

// Asks for an optional reason before a listing is rejected; the seller is told the reason.
export function RejectProductDialog({
  productTitle,
  isPending,
  onReject,
  onCancel,
}: RejectProductDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onReject(reason.trim() || undefined);
  }

  return (
    <Modal show onHide={onCancel} aria-labelledby={titleId} centered>
      <form onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t('admin.dialog.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('admin.reject.title', { title: productTitle })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor={reasonId} className="form-label">
            {t('admin.reject.reason')}
          </label>
          <textarea
            id={reasonId}
            className="form-control"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={`${reasonId}-hint`}
          />
          <div id={`${reasonId}-hint`} className="form-text">
            {t('admin.reject.reasonHint')}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('admin.dialog.cancel')}
          </button>
          <SubmitButton isPending={isPending} className="btn btn-danger">
            {t('admin.reject.submit')}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

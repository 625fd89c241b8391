import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { DONATION_REASON_MAX_LENGTH } from '@marketplace/shared/constants';
import { DonationRequestInputSchema } from '@marketplace/shared/schemas/donations';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { useRequestDonation } from '../api/request-donation';
import '../../../styles/dialog.scss';

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
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useRequestDonation();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = DonationRequestInputSchema.safeParse({ reason });
    if (!checked.success) {
      setError(
        t(
          `errors.${checked.error.issues[0]?.message ?? 'DONATION_REASON_REQUIRED'}` as 'errors.DONATION_REASON_REQUIRED',
        ),
      );
      return;
    }
    request.mutate(
      { productId, request: checked.data },
      {
        onSuccess: onRequested,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'DONATION_REQUEST_EXISTS') onRequested();
        },
      },
    );
  }

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton closeLabel={t('donation.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('donation.requestTitle', { title: productTitle })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextAreaField
            label={t('donation.reason')}
            hint={`${t('donation.reasonHint', { max: DONATION_REASON_MAX_LENGTH })} ${t('donation.charactersLeft', { count: DONATION_REASON_MAX_LENGTH - reason.length })}`}
            error={error}
            rows={4}
            maxLength={DONATION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            autoFocus
            className="mb-0"
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('donation.cancel')}
          </button>
          <SubmitButton isPending={request.isPending} className="btn btn-primary">
            {t('donation.send')}
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

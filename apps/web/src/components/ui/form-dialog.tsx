import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from './dialog';
import { SubmitButton } from './submit-button';
import '../../styles/dialog.scss';

type FormDialogProps = {
  title: string;
  children: ReactNode;
  submitLabel: string;
  // Red for a send that counts against someone (a report, a rejection).
  tone?: 'primary' | 'danger';
  isPending: boolean;
  // The form's default is already held back.
  onSubmit: () => void;
  onClose: () => void;
};

// A short form in a dialog (report a listing, request a donation, reject a listing): titled, its fields,
// Cancel and the send button. The dialog keeps focus inside while open; Escape, the close button and Cancel
// close it.
export function FormDialog({
  title,
  children,
  submitLabel,
  tone = 'primary',
  isPending,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton isPending={isPending} className={`btn btn-${tone}`}>
            {submitLabel}
          </SubmitButton>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

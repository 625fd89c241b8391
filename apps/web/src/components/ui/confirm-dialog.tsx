import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from './dialog';
import '../../styles/dialog.scss';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  // The outline style for a harmless confirmation, red for one that throws something away.
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
};

// Asks before an action a user could regret (clearing a form, sending a listing back to review, replacing
// a referral ID). Escape, the close button and Cancel all keep things as they are; focus starts on Cancel.
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} autoFocus>
            {t('common.cancel')}
          </button>
          <button type="button" className={`btn btn-${tone}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

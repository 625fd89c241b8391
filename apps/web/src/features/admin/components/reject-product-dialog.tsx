import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';

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
  const [reason, setReason] = useState('');

  return (
    <FormDialog
      title={t('admin.reject.title', { title: productTitle })}
      submitLabel={t('admin.reject.submit')}
      tone="danger"
      isPending={isPending}
      onSubmit={() => onReject(reason.trim() || undefined)}
      onClose={onCancel}
    >
      <TextAreaField
        label={t('admin.reject.reason')}
        hint={t('admin.reject.reasonHint')}
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="mb-0"
      />
    </FormDialog>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';

type SubmitButtonProps = { isPending: boolean; children: ReactNode; className?: string };

// Disabled with a spinner while the call runs, so a form is never sent twice.
export function SubmitButton({
  isPending,
  children,
  className = 'btn btn-primary w-100',
}: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={className} disabled={isPending} aria-busy={isPending}>
      {isPending && (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          <span className="visually-hidden">{t('common.pleaseWait')}</span>
        </>
      )}
      {children}
    </button>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { earlyTap } from '../../lib/early-taps';

// `earlyTapName`: a tap before the app has drawn the form is held and made then (lib/early-taps.ts), so a
// form the server drew is never sent by the browser itself.
type SubmitButtonProps = {
  isPending: boolean;
  children: ReactNode;
  className?: string;
  earlyTapName?: string;
};

// Disabled with a spinner while the call runs, so a form is never sent twice.
export function SubmitButton({
  isPending,
  children,
  className = 'btn btn-primary w-100',
  earlyTapName,
}: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={className}
      disabled={isPending}
      aria-busy={isPending}
      {...(earlyTapName ? earlyTap(earlyTapName) : {})}
    >
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

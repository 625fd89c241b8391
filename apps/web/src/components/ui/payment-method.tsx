import { useTranslation } from '../../i18n/use-translation';

// How a payment was made (Paystack's channel: "card", "bank_transfer", …) in the reader's language (issue 32);
// a channel we have no word for is shown as Paystack names it, none as `empty`.
export function PaymentMethod({ method, empty = '—' }: { method: string | null; empty?: string }) {
  const { t } = useTranslation();
  if (!method) return <>{empty}</>;
  return <>{t(`payments.methods.${method}`, { defaultValue: method })}</>;
}

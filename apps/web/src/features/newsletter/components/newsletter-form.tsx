import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { NewsletterInput } from '@marketplace/shared/schemas/newsletter';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

// The API's own rule, loaded when the form is first sent: the footer is on every page's first view, and the
// shared schemas bring zod (25 KB gzipped) that nothing else there needs (decision 063).
async function checkAddress(values: NewsletterInput) {
  const { NewsletterInputSchema } = await import('@marketplace/shared/schemas/newsletter');
  return NewsletterInputSchema.safeParse(values);
}

// spec §2: the weekend-discount sign-up in the footer, checked by the API's own rule. The toasts report the
// server's answer. One field: a plain form, without react-hook-form (also kept off the first view).
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const subscription = useSubscribeToNewsletter();
  const [error, setError] = useState<string>();
  const [isChecking, setChecking] = useState(false);
  // Once sent, the address is checked again as it is corrected (as the app's other forms do).
  const [isSent, setSent] = useState(false);

  async function showIssue(values: NewsletterInput) {
    const result = await checkAddress(values);
    setError(result.success ? undefined : result.error.issues[0]?.message);
    return result;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the page, not from React's state: an address typed before the app took the page over counts.
    const form = event.currentTarget;
    const typed = new FormData(form).get('email');
    const email = typeof typed === 'string' ? typed : '';
    setSent(true);
    setChecking(true);
    const result = await showIssue({ email }).finally(() => setChecking(false));
    // The address stays in the box if the call fails, so nothing has to be typed again.
    if (result.success) subscription.mutate(result.data, { onSuccess: () => form.reset() });
  }

  function onChange(email: string) {
    if (isSent) void showIssue({ email });
  }

  return (
    // As the login form: POST, its button an early tap, so the browser never puts the address in the URL itself.
    <form
      noValidate
      method="post"
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${inputId}-title`}
    >
      <h2 id={`${inputId}-title`}>{t('footer.newsletterTitle')}</h2>
      <p className="small">{t('footer.newsletterText')}</p>
      <label htmlFor={inputId} className="form-label small">
        {t('footer.newsletterEmail')}
      </label>
      <div className="d-flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          className={error ? 'form-control is-invalid' : 'form-control'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          onChange={(event) => onChange(event.target.value)}
        />
        <SubmitButton
          isPending={subscription.isPending || isChecking}
          className="btn btn-primary text-nowrap"
          earlyTapName="newsletter"
        >
          {t('footer.newsletterSubmit')}
        </SubmitButton>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}

import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

// spec §2: the weekend-discount sign-up in the footer. The toasts report the server's answer.
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const subscription = useSubscribeToNewsletter();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    if (typeof email !== 'string') return;
    // The address stays in the box if the call fails, so nothing has to be typed again.
    subscription.mutate({ email: email.trim() }, { onSuccess: () => form.reset() });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${inputId}-title`}>
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
          required
          className="form-control"
        />
        <SubmitButton isPending={subscription.isPending} className="btn btn-primary text-nowrap">
          {t('footer.newsletterSubmit')}
        </SubmitButton>
      </div>
    </form>
  );
}

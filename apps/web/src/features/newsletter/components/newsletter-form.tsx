import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { NewsletterInputSchema } from '@marketplace/shared/schemas/newsletter';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

// spec §2: the weekend-discount sign-up in the footer, checked by the API's own rule. The toasts report the
// server's answer.
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const subscription = useSubscribeToNewsletter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(NewsletterInputSchema), defaultValues: { email: '' } });

  // The address stays in the box if the call fails, so nothing has to be typed again.
  const onSubmit = handleSubmit((values) => subscription.mutate(values, { onSuccess: () => reset() }));

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t('footer.newsletterTitle')}</h2>
      <p className="small">{t('footer.newsletterText')}</p>
      <label htmlFor={inputId} className="form-label small">
        {t('footer.newsletterEmail')}
      </label>
      <div className="d-flex gap-2">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          className={errors.email ? 'form-control is-invalid' : 'form-control'}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(errors.email && errorId)}
          {...register('email')}
        />
        <SubmitButton isPending={subscription.isPending} className="btn btn-primary text-nowrap">
          {t('footer.newsletterSubmit')}
        </SubmitButton>
      </div>
      <FieldError id={errorId} message={errors.email?.message} />
    </form>
  );
}

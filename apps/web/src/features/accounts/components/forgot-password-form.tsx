import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { ForgotPasswordInputSchema } from '@marketplace/shared/schemas/accounts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/server-message';
import { useRequestPasswordReset } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const resetRequest = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordInputSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => resetRequest.mutate(values));

  return (
    // As the login form: POST, its button an early tap, so the browser never puts the address in the URL itself.
    <form noValidate method="post" onSubmit={onSubmit}>
      <p>{t('forgotPassword.intro')}</p>
      <div aria-live="polite">
        {resetRequest.isSuccess && (
          <div className="alert alert-success" role="status">
            {translateMessage(resetRequest.data.message)}
          </div>
        )}
      </div>
      <TextField
        label={t('forgotPassword.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton isPending={resetRequest.isPending} earlyTapName="forgot-password">
        {t('forgotPassword.submit')}
      </SubmitButton>
    </form>
  );
}

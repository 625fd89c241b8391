import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { ResetPasswordFormSchema } from '@marketplace/shared/schemas/accounts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useResetPassword } from '../api/reset-password';

type ResetPasswordFormProps = { token: string; onReset: () => void };

// spec §5: the two passwords must match.
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) => reset.mutate({ token, password }, { onSuccess: onReset }));

  return (
    // As the login form: POST, its button an early tap, so the browser never sends the password itself.
    <form noValidate method="post" onSubmit={onSubmit}>
      <TextField
        label={t('resetPassword.password')}
        hint={t('resetPassword.passwordHint')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('resetPassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton isPending={reset.isPending} earlyTapName="reset-password">
        {t('resetPassword.submit')}
      </SubmitButton>
    </form>
  );
}

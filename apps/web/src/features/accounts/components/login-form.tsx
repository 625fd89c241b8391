import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { LoginInputSchema, type LoginInput } from '@marketplace/shared/schemas/accounts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';

// The call that signs in: a user's (POST /users/login) or an admin's (POST /admin/login), each keeping its
// own session; a failure is the call's error toast and the form stays.
export type LogIn = {
  mutate: (input: LoginInput, options: { onSuccess: () => void }) => void;
  isPending: boolean;
};

export type LoginFormProps = {
  logIn: LogIn;
  onLoggedIn: () => void;
  // A user may reset a forgotten password; an admin may not (no link).
  hasForgotPassword?: boolean;
};

// The one login form, for users (/login) and admins (/adminLogin, through the admin's slot; decision 062).
export function LoginForm({ logIn, onLoggedIn, hasForgotPassword = false }: LoginFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => logIn.mutate(values, { onSuccess: onLoggedIn }));

  return (
    // POST, and its button held until the app has drawn it (early taps): a form sent by the browser before
    // then must never carry the password in the address.
    <form noValidate method="post" onSubmit={onSubmit}>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        className={hasForgotPassword ? 'mb-2' : undefined}
        error={errors.password?.message}
        {...register('password')}
      />
      {hasForgotPassword && (
        <p className="text-end small mb-3">
          <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
        </p>
      )}
      <SubmitButton isPending={logIn.isPending} earlyTapName="log-in">
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginInputSchema } from '@marketplace/shared/schemas/accounts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useLogIn } from '../api/login';

type LoginFormProps = { onLoggedIn: () => void };

export function LoginForm({ onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => login.mutate(values, { onSuccess: onLoggedIn }));

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={t('login.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        className="mb-2"
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-end small mb-3">
        <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
      </p>
      <SubmitButton isPending={login.isPending}>{t('login.submit')}</SubmitButton>
    </form>
  );
}

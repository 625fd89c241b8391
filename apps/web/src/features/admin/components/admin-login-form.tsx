import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AdminLoginInputSchema } from '@marketplace/shared/schemas/admin';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useLogInAdmin } from '../api/log-in-admin';

type AdminLoginFormProps = { onLoggedIn: () => void };

export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  const { t } = useTranslation();
  const login = useLogInAdmin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AdminLoginInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => login.mutate(values, { onSuccess: onLoggedIn }));

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label={t('admin.login.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('admin.login.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton isPending={login.isPending}>{t('admin.login.submit')}</SubmitButton>
    </form>
  );
}

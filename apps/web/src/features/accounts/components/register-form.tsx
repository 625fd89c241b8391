import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { RegisterFormSchema } from '@marketplace/shared/schemas/accounts';
import { CheckField } from '../../../components/ui/check-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useRegisterAccount } from '../api/register';

// The terms open beside the form, so nothing typed is lost.
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> ({t('common.opensInNewTab')})</span>
    </Link>
  );
}

type RegisterFormProps = { referralCode: string; onRegistered: () => void };

// spec §5: every field required, matching passwords, a username that is not an e-mail, both checkboxes.
export function RegisterForm({ referralCode, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const registration = useRegisterAccount();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      referredBy: referralCode,
      acceptsPromotions: false,
      acceptsTerms: false,
    },
  });

  const onSubmit = handleSubmit((values) => {
    const { fullName, username, email, password, confirmPassword, referredBy } = values;
    registration.mutate(
      { fullName, username, email, password, confirmPassword, referredBy },
      { onSuccess: onRegistered },
    );
  });

  return (
    // As the login form: POST, its button an early tap, so the browser never sends the password itself.
    <form noValidate method="post" onSubmit={onSubmit}>
      <TextField
        label={t('register.fullName')}
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label={t('register.username')}
        hint={t('register.usernameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('register.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('register.password')}
        hint={t('register.passwordHint')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label={t('register.referralCode')}
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.referredBy?.message}
        {...register('referredBy')}
      />
      <CheckField
        label={t('register.acceptsPromotions')}
        error={errors.acceptsPromotions?.message}
        {...register('acceptsPromotions')}
      />
      <CheckField
        label={
          <Trans
            i18nKey="register.acceptsTermsWithLinks"
            components={{ termsLink: <NewTabLink to="/terms" />, privacyLink: <NewTabLink to="/privacy" /> }}
          />
        }
        error={errors.acceptsTerms?.message}
        {...register('acceptsTerms')}
      />
      <SubmitButton
        isPending={registration.isPending}
        className="btn btn-primary w-100 mt-3"
        earlyTapName="register"
      >
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

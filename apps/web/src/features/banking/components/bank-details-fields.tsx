import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { findListedBank } from '@marketplace/shared/banks';
import { namesMatch } from '@marketplace/shared/names';
import { FieldError } from '../../../components/ui/field-error';
import { TextField } from '../../../components/ui/text-field';
import { useBanks } from '../api/get-banks';
import { useResolveBankAccount } from '../api/resolve-bank-account';
import type { ProfileFields, ProfileInput } from '@marketplace/shared/schemas/profiles';
import { BankNameField } from './bank-name-field';

type BankDetailsFieldsProps = {
  isVerified: boolean;
  onVerifiedChange: (isVerified: boolean) => void;
};

const ACCOUNT_NUMBER_PATTERN = /^\d{10}$/;

// spec §2 and §4: the bank-details form. Verify asks the server to resolve the account; a resolved
// account is verified, which fills the account name and locks the fields until the user changes them.
// The profile must then be saved for the account to count.
export function BankDetailsFields({ isVerified, onVerifiedChange }: BankDetailsFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    getValues,
    setValue,
    setError,
    setFocus,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<ProfileInput, unknown, ProfileFields>();
  // The bank name check (decision 016): the bank's name for the account against the profile's name,
  // ignoring order, case, punctuation and initials.
  const [fullName, accountName] = useWatch({ control, name: ['fullName', 'accountName'] });
  const isNameMismatch = Boolean(accountName?.trim()) && !namesMatch(fullName ?? '', accountName ?? '');
  const banks = useBanks();
  const resolve = useResolveBankAccount();
  const [isMissing, setIsMissing] = useState(false);
  const missingErrorId = useId();
  const isLocked = isVerified || resolve.isPending;

  // spec §4: editing the account name, number or bank name resets the verification.
  function onEdited() {
    onVerifiedChange(false);
    setValue('accountName', '');
    setIsMissing(false);
  }

  // Verified fields are locked (spec §4); changing them starts a new verification.
  function onChangeDetails() {
    onVerifiedChange(false);
    setFocus('accountNumber');
  }

  function onVerify() {
    setIsMissing(false);
    clearErrors(['accountNumber', 'bankName']);
    const accountNumber = (getValues('accountNumber') ?? '').trim();
    const bankName = (getValues('bankName') ?? '').trim();
    if (!accountNumber || !bankName) {
      setIsMissing(true);
      return;
    }
    if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) {
      setError('accountNumber', { message: 'ACCOUNT_NUMBER_INVALID' }, { shouldFocus: true });
      return;
    }
    // Without the list (it failed to load) the server matches the name itself.
    // The picked bank, or a listed bank's name typed in full after another was picked.
    const bank = banks.data
      ? (findListedBank(banks.data, { bankCode: getValues('bankCode') ?? undefined, bankName }) ??
        findListedBank(banks.data, { bankName }))
      : null;
    if (banks.data && !bank) {
      setError('bankName', { message: 'BANK_NOT_IN_LIST' }, { shouldFocus: true });
      return;
    }
    resolve.mutate(
      { account_number: accountNumber, bank_name: bank?.name ?? bankName, bank_code: bank?.code },
      {
        onSuccess: ({ data }) => {
          setValue('accountName', data.account_name || data.data.account_name, { shouldDirty: true });
          setValue('accountNumber', data.account_number, { shouldDirty: true });
          setValue('bankName', data.bank_name, { shouldDirty: true });
          setValue('bankCode', data.bank_code, { shouldDirty: true });
          onVerifiedChange(true);
        },
      },
    );
  }

  const accountNumberField = register('accountNumber', { onChange: onEdited });

  return (
    <fieldset className="border rounded p-3">
      <legend className="h6 float-none w-auto px-1 mb-2">{t('profile.bank.title')}</legend>
      <p className="small text-body-secondary">
        <Trans i18nKey="profile.bank.terms" components={{ termsLink: <Link to="/terms" /> }} />
      </p>
      <TextField
        label={t('profile.bank.accountName')}
        placeholder={t('profile.bank.accountNamePlaceholder')}
        readOnly
        tabIndex={-1}
        {...register('accountName')}
      />
      {isNameMismatch && (
        <div className="alert alert-warning py-2 small" role="status">
          {t('profile.bank.nameMismatch', { accountName })}
        </div>
      )}
      <TextField
        label={t('profile.bank.accountNumber')}
        hint={t('profile.bank.accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        readOnly={isLocked}
        error={errors.accountNumber?.message}
        aria-invalid={errors.accountNumber || (isMissing && !getValues('accountNumber')) ? true : undefined}
        {...accountNumberField}
      />
      <BankNameField
        banks={banks.data ?? []}
        isLocked={isLocked}
        isMissing={isMissing && !getValues('bankName')}
        missingErrorId={missingErrorId}
        onEdited={onEdited}
      />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className={isVerified ? 'btn btn-success' : 'btn btn-outline-primary'}
          disabled={isLocked}
          aria-busy={resolve.isPending}
          onClick={onVerify}
        >
          {resolve.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {isVerified
            ? t('profile.bank.verified')
            : resolve.isPending
              ? t('profile.bank.verifying')
              : t('profile.bank.verify')}
        </button>
        {isVerified && (
          <button type="button" className="btn btn-link" onClick={onChangeDetails}>
            {t('profile.bank.change')}
          </button>
        )}
      </div>
      <FieldError id={missingErrorId} message={isMissing ? 'BANK_DETAILS_MISSING' : undefined} />
    </fieldset>
  );
}

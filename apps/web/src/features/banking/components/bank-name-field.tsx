import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Bank } from '@marketplace/shared/schemas/banking';
import { Combobox, useComboboxField } from '../../../components/ui/combobox';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { suggestBanks } from '../lib/find-bank';
import type { ProfileFields, ProfileInput } from '@marketplace/shared/schemas/profiles';

type BankNameFieldProps = {
  banks: readonly Bank[];
  isLocked: boolean;
  isMissing: boolean;
  missingErrorId: string;
  onEdited: () => void;
};

// spec §2: the bank name with a suggestion list; picking a bank sets its name and code.
export function BankNameField({ banks, isLocked, isMissing, missingErrorId, onEdited }: BankNameFieldProps) {
  const { t } = useTranslation();
  const {
    form: { register, setValue, clearErrors },
    value: bankName,
    isOpen,
    setIsOpen,
    errorId,
    error,
  } = useComboboxField<ProfileInput, ProfileFields>('bankName');

  const matches = useMemo(() => suggestBanks(banks, bankName), [banks, bankName]);

  function onChoose(bank: Bank) {
    setValue('bankName', bank.name, { shouldDirty: true });
    setValue('bankCode', bank.code, { shouldDirty: true });
    clearErrors('bankName');
    setIsOpen(false);
    onEdited();
  }

  const field = register('bankName', {
    onChange: () => {
      // A typed name is not a pick from the list until it is chosen (or matches one exactly).
      setValue('bankCode', '');
      setIsOpen(true);
      onEdited();
    },
  });

  return (
    <Combobox<Bank>
      label={t('profile.bank.bankName')}
      listLabel={t('profile.bank.banks')}
      items={isLocked ? [] : matches}
      itemKey={(bank) => `${bank.id}-${bank.code}`}
      itemText={(bank) => bank.name}
      inputValue={bankName}
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onChoose={onChoose}
      isInvalid={Boolean(error) || isMissing}
      fieldProps={{
        ...field,
        spellCheck: false,
        'aria-describedby': describedBy(error && errorId, isMissing && missingErrorId),
        placeholder: t('profile.bank.bankNamePlaceholder'),
        readOnly: isLocked,
      }}
    >
      <FieldError id={errorId} message={error} />
    </Combobox>
  );
}

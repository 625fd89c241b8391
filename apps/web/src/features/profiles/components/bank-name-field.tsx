import { useId, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Bank } from '@marketplace/shared/schemas/banking';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { useSuggestionKeys } from '../hooks/use-suggestion-keys';
import { suggestBanks } from '../lib/find-bank';
import type { ProfileFormOutput, ProfileFormValues } from '../lib/profile-form-values';
import { optionId, SuggestionList } from './suggestion-list';

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
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues, unknown, ProfileFormOutput>();
  const bankName = useWatch({ control, name: 'bankName' }) ?? '';
  const [isOpen, setIsOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const errorId = `${inputId}-error`;

  const matches = useMemo(() => suggestBanks(banks, bankName), [banks, bankName]);
  const isExpanded = isOpen && !isLocked && matches.length > 0;

  function onChoose(index: number) {
    const bank = matches[index];
    if (!bank) return;
    setValue('bankName', bank.name, { shouldDirty: true });
    setValue('bankCode', bank.code, { shouldDirty: true });
    clearErrors('bankName');
    setIsOpen(false);
    onEdited();
  }

  const keys = useSuggestionKeys({
    count: matches.length,
    isOpen: isExpanded,
    onOpen: () => setIsOpen(true),
    onClose: () => setIsOpen(false),
    onChoose,
  });

  const field = register('bankName', {
    onChange: () => {
      // A typed name is not a pick from the list until it is chosen (or matches one exactly).
      setValue('bankCode', '');
      setIsOpen(true);
      keys.setActiveIndex(-1);
      onEdited();
    },
    onBlur: () => setIsOpen(false),
  });
  const error = errors.bankName?.message;

  return (
    <div className="mb-3 position-relative">
      <label htmlFor={inputId} className="form-label">
        {t('profile.bank.bankName')}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={isExpanded ? listId : undefined}
        aria-activedescendant={isExpanded ? optionId(listId, keys.activeIndex) : undefined}
        aria-invalid={error || isMissing ? true : undefined}
        aria-describedby={describedBy(error && errorId, isMissing && missingErrorId)}
        placeholder={t('profile.bank.bankNamePlaceholder')}
        readOnly={isLocked}
        className={error || isMissing ? 'form-control is-invalid' : 'form-control'}
        {...field}
        onKeyDown={keys.onKeyDown}
      />
      {isExpanded && (
        <SuggestionList
          id={listId}
          label={t('profile.bank.banks')}
          items={matches}
          activeIndex={keys.activeIndex}
          getKey={(bank) => `${bank.id}-${bank.code}`}
          getText={(bank) => bank.name}
          onChoose={onChoose}
          onHighlight={keys.setActiveIndex}
        />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

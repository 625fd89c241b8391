import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlacePrediction } from '@marketplace/shared/schemas/profiles';
import { describedBy, FieldError } from '../../../components/ui/field-error';
import { useAddressSuggestions } from '../api/get-address-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSuggestionKeys } from '../hooks/use-suggestion-keys';
import { parsePlaceDescription, type PlaceParts } from '../lib/parse-place-description';
import type { ProfileFormOutput, ProfileFormValues } from '../lib/profile-form-values';
import { optionId, SuggestionList } from './suggestion-list';

// Asked for once the typing pauses, not on every key.
const ADDRESS_DEBOUNCE_MS = 250;

const PLACE_FIELDS = ['street', 'city', 'state', 'country'] as const satisfies readonly (keyof PlaceParts)[];

// spec §2: the address, a textarea with autocomplete suggestions. Choosing one fills the address and
// whatever of street, city, state and country the suggestion names.
export function AddressField() {
  const { t } = useTranslation();
  const {
    register,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useFormContext<ProfileFormValues, unknown, ProfileFormOutput>();
  const address = useWatch({ control, name: 'address' }) ?? '';
  const [isOpen, setIsOpen] = useState(false);
  const inputId = useId();
  const listId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const typed = useDebouncedValue(isOpen ? address : '', ADDRESS_DEBOUNCE_MS);
  const fetched = useAddressSuggestions(typed);
  // spec §7: cleared as soon as the input is empty.
  const suggestions = isOpen && address.trim() !== '' ? fetched : [];
  const isExpanded = suggestions.length > 0;

  function onChoose(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setValue('address', suggestion.description, { shouldDirty: true });
    clearErrors('address');
    const parts = parsePlaceDescription(suggestion.description);
    for (const name of PLACE_FIELDS) {
      const value = parts[name];
      if (value) {
        setValue(name, value, { shouldDirty: true });
        clearErrors(name);
      }
    }
    setIsOpen(false);
  }

  const keys = useSuggestionKeys({
    count: suggestions.length,
    isOpen: isExpanded,
    onOpen: () => setIsOpen(true),
    onClose: () => setIsOpen(false),
    onChoose,
  });

  const field = register('address', {
    onChange: () => {
      setIsOpen(true);
      keys.setActiveIndex(-1);
    },
    onBlur: () => setIsOpen(false),
  });
  const error = errors.address?.message;

  return (
    <div className="mb-3 position-relative">
      <label htmlFor={inputId} className="form-label">
        {t('profile.address')}
      </label>
      <textarea
        id={inputId}
        rows={2}
        autoComplete="street-address"
        aria-autocomplete="list"
        aria-controls={isExpanded ? listId : undefined}
        aria-activedescendant={isExpanded ? optionId(listId, keys.activeIndex) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={error ? 'form-control is-invalid' : 'form-control'}
        {...field}
        onKeyDown={keys.onKeyDown}
      />
      {isExpanded && (
        <SuggestionList<PlacePrediction>
          id={listId}
          label={t('profile.addressSuggestions')}
          items={suggestions}
          activeIndex={keys.activeIndex}
          getKey={(suggestion) => suggestion.place_id}
          getText={(suggestion) => suggestion.description}
          onChoose={onChoose}
          onHighlight={keys.setActiveIndex}
        />
      )}
      <div id={hintId} className="form-text">
        {t('profile.addressHint')}
      </div>
      <div className="visually-hidden" role="status">
        {isExpanded ? t('profile.addressSuggestionsCount', { total: suggestions.length }) : ''}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

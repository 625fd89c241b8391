import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  useFormContext,
  useWatch,
  type FieldPathByValue,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import '../../styles/combobox.scss';

// What the field takes besides the suggestions: react-hook-form's register(...) and its own attributes.
type ComboboxFieldProps = UseFormRegisterReturn & {
  placeholder?: string;
  readOnly?: boolean;
  rows?: number;
  autoComplete?: string;
  spellCheck?: boolean;
  'aria-describedby'?: string;
};

// The form's side of a suggesting field (react-hook-form, inside its FormProvider): the value as typed,
// whether the user is asking for suggestions, and the field's error with an id for it.
export function useComboboxField<Input extends FieldValues, Output extends FieldValues = Input>(
  name: FieldPathByValue<Input, string | null | undefined>,
) {
  const form = useFormContext<Input, unknown, Output>();
  const value = (useWatch({ control: form.control, name }) as string | null | undefined) ?? '';
  const [isOpen, setIsOpen] = useState(false);
  const fieldId = useId();
  const error = form.getFieldState(name, form.formState).error?.message;
  return { form, value, isOpen, setIsOpen, fieldId, errorId: `${fieldId}-error`, error };
}

type ComboboxProps<Item> = {
  label: string;
  // The list's name for screen readers ('Banks', 'Address suggestions').
  listLabel: string;
  // The suggestions for what is typed; the list shows while the field is open and there are some.
  items: readonly Item[];
  itemKey: (item: Item) => string;
  itemText: (item: Item) => string;
  // The field's value (the form owns it; choosing an item is the caller's to write).
  inputValue: string;
  // Whether the user is asking for suggestions: typing opens, blur, Escape and a choice close.
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (item: Item) => void;
  // A textarea, for text that may run over lines (an address); else a one-line input.
  isMultiline?: boolean;
  isInvalid?: boolean;
  fieldProps: ComboboxFieldProps;
  // Under the field: its hint, status and error.
  children?: ReactNode;
};

type DownshiftKeyEvent = KeyboardEvent<HTMLElement> & { nativeEvent: { preventDownshiftDefault?: boolean } };

// A choice never happens by leaving the field, and a click in it does not open the list: only typing and
// the arrows do (as before downshift).
function keepFieldRules<Item>(
  state: UseComboboxState<Item>,
  { type, changes }: UseComboboxStateChangeOptions<Item>,
): Partial<UseComboboxState<Item>> {
  if (type === useCombobox.stateChangeTypes.InputClick) return state;
  if (type === useCombobox.stateChangeTypes.InputBlur) {
    return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
  }
  return changes;
}

// A field with a list of suggestions (WAI-ARIA combobox pattern, through downshift's useCombobox): the
// arrows move through the suggestions, Enter chooses the highlighted one, Escape closes the list; focus
// stays in the field, which names the highlighted option (aria-activedescendant).
// ARIA in HTML allows the combobox role on an input, not on a textarea: a multiline field stays a textbox
// (a textarea) that says it suggests (aria-autocomplete, aria-haspopup), points at the list while it shows
// (aria-controls) and names the highlighted option; the caller announces how many there are.
export function Combobox<Item>({
  label,
  listLabel,
  items,
  itemKey,
  itemText,
  inputValue,
  isOpen,
  onOpenChange,
  onChoose,
  isMultiline = false,
  isInvalid = false,
  fieldProps,
  children,
}: ComboboxProps<Item>) {
  const isExpanded = isOpen && items.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const combobox = useCombobox<Item>({
    menuId: listId,
    getItemId: optionId,
    items: [...items],
    itemToString: (item) => (item ? itemText(item) : ''),
    itemToKey: (item) => (item ? itemKey(item) : null),
    inputValue,
    isOpen: isExpanded,
    // Every choice is told, the same item chosen twice too.
    selectedItem: null,
    stateReducer: keepFieldRules,
    onIsOpenChange: (changes) => onOpenChange(changes.isOpen ?? false),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChoose(selectedItem);
    },
  });

  function onKeyDown(event: DownshiftKeyEvent) {
    // Keys downshift would otherwise take: the arrows with nothing to show, Enter with nothing
    // highlighted (a new line, or the form's submit), Escape with the list closed (it would clear the field).
    const isArrow = event.key === 'ArrowDown' || event.key === 'ArrowUp';
    if (
      (isArrow && items.length === 0) ||
      (event.key === 'Enter' && (!isExpanded || combobox.highlightedIndex < 0)) ||
      (event.key === 'Escape' && !isExpanded)
    ) {
      event.nativeEvent.preventDownshiftDefault = true;
    }
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    void fieldProps.onBlur(event);
    onOpenChange(false);
  }

  // The list is in the page only while it shows (its name must not also label a closed, empty list),
  // and the field points at it only then.
  const menuProps = combobox.getMenuProps({ 'aria-label': listLabel }, { suppressRefError: true });
  const highlightedId =
    isExpanded && combobox.highlightedIndex >= 0 ? optionId(combobox.highlightedIndex) : undefined;
  const inputProps = combobox.getInputProps({
    ...fieldProps,
    className: isInvalid ? 'form-control is-invalid' : 'form-control',
    'aria-invalid': isInvalid || undefined,
    onKeyDown,
    onBlur,
    'aria-controls': isExpanded ? listId : undefined,
    'aria-activedescendant': highlightedId,
    ...(isMultiline ? { role: undefined, 'aria-expanded': undefined, 'aria-haspopup': 'listbox' } : {}),
  });
  return (
    <div className="mb-3 position-relative">
      <label {...combobox.getLabelProps()} className="form-label">
        {label}
      </label>
      {isMultiline ? <textarea {...inputProps} /> : <input type="text" {...inputProps} />}
      {isExpanded && (
        <ul {...menuProps} className="list-group suggestion-list shadow-sm">
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              {...combobox.getItemProps({ item, index })}
              className={`list-group-item list-group-item-action${index === combobox.highlightedIndex ? ' active' : ''}`}
            >
              {itemText(item)}
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}

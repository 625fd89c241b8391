import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError } from './field-error';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string;
  // The choices; a placeholder is an empty first choice ('Choose a category'). Options may also come as
  // children.
  options?: readonly SelectOption[];
  placeholder?: string;
  // The label beside the control, the control as wide as its choices (a filter above a list).
  isInline?: boolean;
  children?: ReactNode;
};

// A labelled select, wired like the shared TextField (error tied to the control). Spread react-hook-form's
// `register(...)` into it.
export function SelectField({
  label,
  error,
  options,
  placeholder,
  isInline = false,
  id,
  className,
  children,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className ?? (isInline ? 'd-flex align-items-center gap-2 mb-3' : 'mb-3')}>
      <label htmlFor={selectId} className={isInline ? 'form-label mb-0' : 'form-label'}>
        {label}
      </label>
      <select
        id={selectId}
        className={['form-select', isInline && 'w-auto', error && 'is-invalid'].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...selectProps}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

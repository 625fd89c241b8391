import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError } from './field-error';

// A labelled select, wired like the shared TextField (error tied to the control).

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string; children: ReactNode };

export function SelectField({ label, error, id, className, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={selectId} className="form-label">
        {label}
      </label>
      <select
        id={selectId}
        className={error ? 'form-select is-invalid' : 'form-select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...selectProps}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

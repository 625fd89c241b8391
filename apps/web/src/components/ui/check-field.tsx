import { useId, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldError } from './field-error';

type CheckFieldProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; error?: string };

export function CheckField({ label, error, id, ...inputProps }: CheckFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="form-check mb-2">
      <input
        id={inputId}
        type="checkbox"
        className={error ? 'form-check-input is-invalid' : 'form-check-input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        {...inputProps}
      />
      <label htmlFor={inputId} className="form-check-label">
        {label}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

import { useId, type ComponentProps } from 'react';
import { describedBy, FieldError } from './field-error';

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; hint?: string; error?: string };

// The textarea twin of text-field: label, hint and error tied to it for screen readers.
export function TextAreaField({ label, hint, error, id, className, ...textareaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={inputId} className="form-label">
        {label}
      </label>
      <textarea
        id={inputId}
        className={error ? 'form-control is-invalid' : 'form-control'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${inputId}-hint`, error && `${inputId}-error`)}
        {...textareaProps}
      />
      {hint && (
        <div id={`${inputId}-hint`} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

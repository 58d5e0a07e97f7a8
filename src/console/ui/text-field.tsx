import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  /** Shown under the field and announced with it; marks the input invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Hides the label visually while keeping it the input's name (search boxes). */
  hideLabel?: boolean;
}

/** A labelled input. Password fields get a Show/Hide toggle. */
export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  id,
  type = 'text',
  className,
  required,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? errorId : null, hint ? hintId : null, props['aria-describedby']]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="field__control">
        <input
          {...props}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          className={isPassword ? 'input input--with-toggle' : 'input'}
          aria-invalid={error ? true : props['aria-invalid']}
          aria-describedby={describedBy || undefined}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            aria-pressed={revealed}
            aria-controls={inputId}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Hide' : 'Show'}
            <span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

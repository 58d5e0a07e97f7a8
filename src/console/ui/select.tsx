import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice ('Select…'); without it the first option is preselected. */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
}

/** A native select, styled: it keeps the platform's keyboard behaviour and screen-reader support. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel = false,
  id,
  className,
  ...props
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
        {props.required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select
        {...props}
        id={selectId}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
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

import type { SelectOption } from '@console/ui/select';
import { type FocusEvent, useId, useState } from 'react';
import { describedByOf, FieldNotes } from './field-notes';

export interface CheckboxListFieldProps {
  label: string;
  options: readonly SelectOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Called when focus leaves the whole list (not when it moves between its boxes). */
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** A filter box appears above this many options. */
  filterFrom?: number;
}

/**
 * A multi-select as a list of checkboxes: every choice stays visible and reachable by Tab and Space, with a filter
 * box for long lists. The order of the options is kept in the value, so equal choices compare equal.
 */
export function CheckboxListField({
  label,
  options,
  values,
  onChange,
  onBlur,
  error,
  hint,
  filterFrom = 8,
}: CheckboxListFieldProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  const selected = new Set(values);

  const toggle = (value: string, checked: boolean) => {
    const next = new Set(values);
    if (checked) next.add(value);
    else next.delete(value);
    const known = options.map((option) => option.value).filter((item) => next.has(item));
    // Values without an option (an account the acting user cannot see) are kept, not silently dropped.
    onChange([...known, ...values.filter((item) => next.has(item) && !known.includes(item))]);
  };

  const onFocusOut = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    onBlur?.();
  };

  const describedBy = describedByOf(id, hint, error);
  return (
    <fieldset
      className="field checkbox-list"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      onBlur={onFocusOut}
    >
      <legend className="field__label">{label}</legend>
      {options.length > filterFrom ? (
        <input
          type="search"
          className="input checkbox-list__filter"
          aria-label={`Filter ${label}`}
          placeholder="Filter…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      ) : null}
      <div className="checkbox-list__items">
        {shown.length === 0 ? <span className="text-muted">No results found</span> : null}
        {shown.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="checkbox"
              checked={selected.has(option.value)}
              disabled={option.disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <div className="checkbox-list__summary" aria-live="polite">
        {values.length} selected
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

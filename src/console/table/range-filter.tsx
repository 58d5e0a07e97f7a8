import { Button } from '@console/ui/button';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { hasRangeErrors, rangeLabel, rangeOf, sanitiseRangeInput } from './range';
import type { RangeFilterDefinition } from './types';
import { useFilterPanel } from './use-filter-panel';

export interface RangeFilterProps {
  filter: RangeFilterDefinition;
  /** The applied pair as the address holds it; empty for none. */
  values: readonly string[];
  onChange: (values: string[]) => void;
}

/**
 * From and To inputs behind a filter button. A field's message shows once it was left or Apply was pressed, the
 * summary whenever a message shows; Apply (or Enter) applies a valid pair, or removes the filter when both are empty,
 * and never sends a refused one.
 */
export function RangeFilter({ filter, values, onChange }: RangeFilterProps) {
  const applied = rangeOf(values);
  const { open, setOpen, close, panelId, triggerRef, rootRef } = useFilterPanel();
  const [from, setFrom] = useState(applied?.from ?? '');
  const [to, setTo] = useState(applied?.to ?? '');
  const [touched, setTouched] = useState({ from: false, to: false });
  const [tried, setTried] = useState(false);
  const appliedKey = values.join('\u0000');

  // The address is the truth: Clear All, Back or a shared link replace what the inputs hold.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the applied values
  useEffect(() => {
    const current = rangeOf(values);
    setFrom(current?.from ?? '');
    setTo(current?.to ?? '');
    setTouched({ from: false, to: false });
    setTried(false);
  }, [appliedKey]);

  const errors = filter.validate(from, to);
  const fromError = touched.from || tried ? errors.from : undefined;
  const toError = touched.to || tried ? errors.to : undefined;
  const summary = fromError || toError ? errors.summary : undefined;

  const apply = () => {
    if (hasRangeErrors(errors)) {
      setTried(true);
      return;
    }
    onChange(from.trim() === '' && to.trim() === '' ? [] : [from.trim(), to.trim()]);
    close();
  };

  const clear = () => {
    setFrom('');
    setTo('');
    onChange([]);
    close();
  };

  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  const input = (
    which: 'from' | 'to',
    label: string,
    value: string,
    setValue: (text: string) => void,
    error: string | undefined,
  ) => {
    const inputId = `${panelId}-${which}`;
    return (
      <div className="field range-filter__field">
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
        <input
          id={inputId}
          className="input"
          inputMode={filter.digitsOnly ? 'numeric' : undefined}
          maxLength={filter.maxLength}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => setValue(sanitiseRangeInput(filter, event.target.value))}
          onBlur={() => setTouched((current) => ({ ...current, [which]: true }))}
          onKeyDown={onEnter}
        />
        {error ? (
          <div id={`${inputId}-error`} className="field__error">
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <div ref={rootRef} className="data-table__filter">
      <span className="data-table__filter-label" id={`${panelId}-label`}>
        {filter.label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="select data-table__filter-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${panelId}-label ${panelId}-value`}
        onClick={() => setOpen((current) => !current)}
      >
        {/* The .select class draws the chevron, as on the other filters. */}
        <span id={`${panelId}-value`}>{rangeLabel(values)}</span>
      </button>
      {open ? (
        <fieldset id={panelId} className="data-table__filter-panel range-filter">
          <legend className="visually-hidden">{filter.label}</legend>
          <div className="range-filter__inputs">
            {input('from', 'From', from, setFrom, fromError)}
            {input('to', 'To', to, setTo, toError)}
          </div>
          {summary ? (
            <p className="field__error range-filter__summary" role="alert">
              {summary}
            </p>
          ) : null}
          <div className="range-filter__actions">
            <Button size="sm" variant="ghost" onClick={clear} disabled={!applied && from === '' && to === ''}>
              Clear
            </Button>
            <Button size="sm" variant="primary" onClick={apply}>
              Apply
            </Button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

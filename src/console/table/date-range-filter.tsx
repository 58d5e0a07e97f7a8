import { Button } from '@console/ui/button';
import { DATE_PRESETS, type DatePreset } from '@domain/format';
import { useEffect, useState } from 'react';
import {
  DATES_INCORRECT,
  type DateFilterValue,
  dateFilterLabel,
  isDay,
  isInvertedRange,
  parseDateFilter,
  serialiseDateFilter,
} from './date-range';
import type { DateRangeFilterDefinition } from './types';
import { useFilterPanel } from './use-filter-panel';

type Mode = 'all' | DatePreset | 'custom' | 'single';

function modeOf(value: DateFilterValue | null): Mode {
  if (!value) return 'all';
  if (value.kind === 'preset') return value.preset;
  return value.kind === 'day' ? 'single' : 'custom';
}

export interface DateRangeFilterProps {
  filter: DateRangeFilterDefinition;
  /** The address value ('last-7-days', '2025-03-01..2025-03-05', '2025-03-01'), or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The date filter: a preset applies at once; a custom range or a single day applies with its Apply button, and an end
 * before the start shows 'The indicated dates are not correct' and applies nothing, so no call is made with it.
 */
export function DateRangeFilter({ filter, value, onChange }: DateRangeFilterProps) {
  const applied = parseDateFilter(value);
  const { open, setOpen, close, panelId, triggerRef, rootRef } = useFilterPanel();
  const [mode, setMode] = useState<Mode>(() => modeOf(applied));
  const [from, setFrom] = useState(applied?.kind === 'range' ? applied.from : '');
  const [to, setTo] = useState(applied?.kind === 'range' ? applied.to : '');
  const [day, setDay] = useState(applied?.kind === 'day' ? applied.day : '');
  const [triedInvalid, setTriedInvalid] = useState(false);

  // The address is the truth: Clear All, Back or a shared link replace what the panel shows.
  useEffect(() => {
    const current = parseDateFilter(value);
    setMode(modeOf(current));
    if (current?.kind === 'range') {
      setFrom(current.from);
      setTo(current.to);
    }
    if (current?.kind === 'day') setDay(current.day);
    setTriedInvalid(false);
  }, [value]);

  const inverted = mode === 'custom' && isInvertedRange(from, to);
  const rangeReady = isDay(from) && isDay(to) && !inverted;
  const showError = inverted || (triedInvalid && mode === 'custom' && !rangeReady);

  const choose = (next: Mode) => {
    setMode(next);
    setTriedInvalid(false);
    if (next === 'all') onChange('');
    else if (next !== 'custom' && next !== 'single') onChange(serialiseDateFilter({ kind: 'preset', preset: next }));
  };

  const applyRange = () => {
    if (!rangeReady) {
      setTriedInvalid(true);
      return;
    }
    onChange(serialiseDateFilter({ kind: 'range', from, to }));
    close();
  };

  const applyDay = () => {
    if (!isDay(day)) return;
    onChange(serialiseDateFilter({ kind: 'day', day }));
    close();
  };

  const modes: readonly { mode: Mode; label: string }[] = [
    { mode: 'all', label: 'All dates' },
    ...DATE_PRESETS.map((preset) => ({ mode: preset, label: preset })),
    { mode: 'custom', label: 'Custom range' },
    { mode: 'single', label: 'Single date' },
  ];

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
        <span id={`${panelId}-value`}>{dateFilterLabel(applied)}</span>
      </button>
      {open ? (
        <div id={panelId} className="data-table__filter-panel date-filter">
          <fieldset className="date-filter__modes">
            <legend className="visually-hidden">{filter.label}</legend>
            {modes.map((option) => (
              <label key={option.mode} className="checkbox">
                <input
                  type="radio"
                  name={`${panelId}-mode`}
                  checked={mode === option.mode}
                  onChange={() => choose(option.mode)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {mode === 'custom' ? (
            <div className="date-filter__inputs">
              <label className="field">
                <span className="field__label">From</span>
                <input
                  className="input"
                  type="date"
                  value={from}
                  aria-invalid={showError || undefined}
                  onChange={(event) => setFrom(event.target.value)}
                />
              </label>
              <label className="field">
                <span className="field__label">To</span>
                <input
                  className="input"
                  type="date"
                  value={to}
                  min={isDay(from) ? from : undefined}
                  aria-invalid={showError || undefined}
                  onChange={(event) => setTo(event.target.value)}
                />
              </label>
              {showError ? (
                <p className="field__error date-filter__error" role="alert">
                  {DATES_INCORRECT}
                </p>
              ) : null}
              <Button size="sm" variant="primary" onClick={applyRange} disabled={inverted}>
                Apply
              </Button>
            </div>
          ) : null}
          {mode === 'single' ? (
            <div className="date-filter__inputs">
              <label className="field">
                <span className="field__label">Day</span>
                <input className="input" type="date" value={day} onChange={(event) => setDay(event.target.value)} />
              </label>
              <Button size="sm" variant="primary" onClick={applyDay} disabled={!isDay(day)}>
                Apply
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

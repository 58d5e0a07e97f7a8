import { QuickPicker } from '@console/ui/quick-picker';
import type { PspOption } from '@domain/contract/counters';
import { useId, useMemo, useRef, useState } from 'react';

export const PROVIDER_SOLUTION_LABEL = 'Provider - Solution';

export interface ProviderSolutionPickerProps {
  options: readonly PspOption[];
  value: string;
  onChange: (pspId: string) => void;
}

/**
 * The 'Provider - Solution' dropdown with search (spec 3, section 2.6): a select-like button that opens the console's
 * keyboard picker (type to filter, ↑/↓, Enter; Escape closes and gives focus back).
 */
export function ProviderSolutionPicker({ options, value, onChange }: ProviderSolutionPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const choices = useMemo(() => options.map((option) => ({ value: option.pspId, label: option.label })), [options]);
  const current = options.find((option) => option.pspId === value);
  return (
    <div className="counter-picker">
      <span className="counter-picker__label" id={`${id}-label`}>
        {PROVIDER_SOLUTION_LABEL}
      </span>
      <button
        ref={trigger}
        type="button"
        className="select counter-picker__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        // While open, a press on the button only closes the picker (its own outside-press would close it first and
        // the click would open it again).
        onPointerDown={(event) => {
          if (open) event.stopPropagation();
        }}
        onClick={() => setOpen((was) => !was)}
      >
        <span id={`${id}-value`} className="counter-picker__value">
          {current?.label ?? 'Select…'}
        </span>
      </button>
      {open ? (
        <QuickPicker
          label={PROVIDER_SOLUTION_LABEL}
          options={choices}
          value={value}
          anchor={trigger.current}
          onPick={(pspId) => {
            setOpen(false);
            if (pspId !== value) onChange(pspId);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

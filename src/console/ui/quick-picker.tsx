import { useFocusScope } from '@console/commands/focus-scope';
import { FloatingPortal } from '@floating-ui/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAnchoredPopover } from './anchored-popover';
import { CheckIcon } from './icons';
import './quick-picker.css';

export interface QuickPickerOption {
  value: string;
  label: string;
}

export interface QuickPickerProps {
  /** What is being picked ('Assign agent'): the popover's accessible name and heading. */
  label: string;
  /** What it applies to ('Case CB-1', '3 selected cases'). */
  subject?: string;
  options: readonly QuickPickerOption[];
  /** The current value: marked, and where the highlight starts. */
  value?: string;
  /** The element it floats next to (the active row); centred in the window without one. */
  anchor: HTMLElement | null;
  onPick: (value: string) => void;
  onClose: () => void;
}

const matches = (option: QuickPickerOption, query: string) =>
  option.label.toLocaleLowerCase('en').includes(query.trim().toLocaleLowerCase('en'));

/**
 * A small floating list picked by keyboard: type to filter, ↑/↓ to move, Enter to choose, Escape (or a click
 * outside, or Tab) to close. While open it is a dialog-level focus scope, so the keys of the table beneath stay
 * quiet; focus goes back where it was when it closes. Mount it while open.
 */
export function QuickPicker({ label, subject, options, value, anchor, onPick, onClose }: QuickPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => options.filter((option) => matches(option, query)), [options, query]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((option) => option.value === value),
    ),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const { refs, floatingStyles } = useAnchoredPopover(anchor, { minHeight: 160 });

  useFocusScope('dialog', { onEscape: () => onCloseRef.current() });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onCloseRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  const highlighted = shown[Math.min(active, shown.length - 1)];
  const optionId = (index: number) => `${id}-option-${index}`;
  const highlightedIndex = highlighted ? shown.indexOf(highlighted) : -1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the option's id derives from the index alone
  useEffect(() => {
    if (highlightedIndex >= 0)
      document.getElementById(optionId(highlightedIndex))?.scrollIntoView({ block: 'nearest' });
  }, [highlightedIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (Math.min(current, shown.length - 1) + step + shown.length) % shown.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : Math.max(0, shown.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (highlighted) onPick(highlighted.value);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <FloatingPortal>
      <div
        ref={(node) => {
          rootRef.current = node;
          refs.setFloating(node);
        }}
        role="dialog"
        aria-label={label}
        className={anchor ? 'quick-picker' : 'quick-picker quick-picker--centred'}
        style={anchor ? floatingStyles : undefined}
      >
        <div className="quick-picker__heading">
          <span className="quick-picker__label">{label}</span>
          {subject ? <span className="quick-picker__subject">{subject}</span> : null}
        </div>
        <input
          // The portal mounts its children a render later than the picker itself, so focus follows the node.
          ref={(node) => {
            if (node && inputRef.current !== node) node.focus();
            inputRef.current = node;
          }}
          className="input quick-picker__input"
          role="combobox"
          aria-label={`Filter: ${label}`}
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={highlightedIndex >= 0 ? optionId(highlightedIndex) : undefined}
          placeholder="Type to filter"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={`${id}-list`} role="listbox" aria-label={label} className="quick-picker__list">
          {shown.map((option, index) => {
            const current = option.value === value;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the filter box owns the keys (combobox pattern); options only take clicks
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option === highlighted}
                tabIndex={-1}
                data-active={option === highlighted || undefined}
                className="quick-picker__option"
                // Keep focus in the filter box, so the keys keep working after a click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => onPick(option.value)}
              >
                <span className="quick-picker__check" aria-hidden="true">
                  {current ? <CheckIcon /> : null}
                </span>
                <span>{option.label}</span>
                {current ? <span className="visually-hidden"> (current)</span> : null}
              </div>
            );
          })}
        </div>
        {shown.length === 0 ? <p className="quick-picker__empty">No matches</p> : null}
      </div>
    </FloatingPortal>
  );
}

import { useFocusScope } from '@console/commands/focus-scope';
import { CheckIcon, ChevronDownIcon } from '@console/ui/icons';
import { Spinner } from '@console/ui/spinner';
import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';

export interface SwitcherItem {
  id: string;
  title: string;
  subtitle?: string;
}

export interface SwitcherProps {
  /** What the popover chooses ('Switch account'): the popover's name; the trigger is named by what it shows. */
  label: string;
  /** What the trigger shows: the current account or merchant. */
  current: ReactNode;
  /** A smaller line above the current value ('Account', 'Merchant'). */
  caption: string;
  items: readonly SwitcherItem[];
  selectedId: string | undefined;
  onChoose: (item: SwitcherItem) => void;
  loading?: boolean;
  /** Called when the popover opens, so lists load only when needed. */
  onOpen?: () => void;
}

const MAX_SHOWN = 200;

function matches(item: SwitcherItem, query: string): boolean {
  if (!query) return true;
  const haystack = `${item.title} ${item.subtitle ?? ''} ${item.id}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The header's account and merchant switcher: a popover list with type-to-filter, arrows and Enter. */
export function Switcher({ label, current, caption, items, selectedId, onChoose, loading, onOpen }: SwitcherProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next) => {
      setOpen(next);
      if (next) onOpen?.();
    },
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(6),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.min(availableHeight, 420)}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context, { escapeKey: false }),
    useRole(context, { role: 'dialog' }),
  ]);
  useFocusScope('dialog', { active: open, onEscape: () => setOpen(false) });

  const filtered = useMemo(() => items.filter((item) => matches(item, query)).slice(0, MAX_SHOWN), [items, query]);

  useEffect(() => {
    if (!open) setQuery('');
  }, [open]);

  useEffect(() => {
    const selected = filtered.findIndex((item) => item.id === selectedId);
    setActive(query ? 0 : Math.max(0, selected));
  }, [filtered, selectedId, query]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (item: SwitcherItem | undefined) => {
    if (!item) return;
    setOpen(false);
    onChoose(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(filtered.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Home') {
      setActive(0);
    } else if (event.key === 'End') {
      setActive(Math.max(0, filtered.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(filtered[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <>
      <button
        ref={refs.setReference}
        type="button"
        className="switcher__trigger"
        // Named by its visible text ('Account Lumen Travel Holdings'), so speech users can say what they see (WCAG
        // 2.5.3); the popup it opens is named by the label.
        aria-haspopup="dialog"
        aria-expanded={open}
        {...getReferenceProps()}
      >
        <span className="switcher__text">
          <span className="switcher__caption">{caption}</span> <span className="switcher__current">{current}</span>
        </span>
        <ChevronDownIcon className="switcher__chevron" />
      </button>
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              className="switcher__popover"
              style={floatingStyles}
              role="dialog"
              aria-label={label}
              {...getFloatingProps()}
            >
              <input
                className="switcher__search"
                type="text"
                placeholder="Type to filter…"
                aria-label={`Filter: ${label}`}
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={filtered[active] ? optionId(active) : undefined}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={onKeyDown}
                autoFocus
              />
              <div ref={listRef} id={listId} role="listbox" aria-label={label} className="switcher__list">
                {loading && items.length === 0 ? (
                  <div className="switcher__empty">
                    <Spinner label="" /> Loading…
                  </div>
                ) : filtered.length === 0 ? (
                  <div className="switcher__empty">No results found</div>
                ) : (
                  filtered.map((item, index) => (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
                    <div
                      key={item.id}
                      id={optionId(index)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={item.id === selectedId}
                      data-index={index}
                      data-active={index === active || undefined}
                      className="switcher__option"
                      onMouseMove={() => setActive(index)}
                      onClick={() => choose(item)}
                    >
                      <span className="switcher__option-text">
                        <span className="switcher__option-title">{item.title}</span>
                        {item.subtitle ? <span className="switcher__option-subtitle">{item.subtitle}</span> : null}
                      </span>
                      {item.id === selectedId ? <CheckIcon className="switcher__check" /> : null}
                    </div>
                  ))
                )}
              </div>
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}

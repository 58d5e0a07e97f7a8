import { useAnchoredPopover } from '@console/ui/anchored-popover';
import type { CompletionItem } from '@domain/search-query';
import { FloatingPortal } from '@floating-ui/react';
import { useEffect } from 'react';

// The listbox under a search box that takes the query language (the ARIA combobox pattern): the box keeps focus and
// the keys (table-search.tsx); this list only shows the items and takes clicks. It floats in a portal, so the table's
// sticky header never paints over it.

export interface QueryCompletionListProps {
  id: string;
  /** The box it hangs under. */
  anchor: HTMLElement | null;
  /** The list's accessible name ('Suggestions for Transactions'). */
  label: string;
  items: readonly CompletionItem[];
  /** The highlighted item, or -1 for none (Enter then submits the query). */
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onPick: (index: number) => void;
}

export function QueryCompletionList({
  id,
  anchor,
  label,
  items,
  active,
  optionId,
  onHover,
  onPick,
}: QueryCompletionListProps) {
  const { refs, floatingStyles } = useAnchoredPopover(anchor, { minHeight: 120, maxHeight: 320, matchWidth: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the option's id derives from the index alone
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <FloatingPortal>
      <div
        ref={refs.setFloating}
        id={id}
        role="listbox"
        aria-label={label}
        className="query-completion"
        style={floatingStyles}
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keys (combobox pattern); options only take clicks
          <div
            key={`${item.kind}:${item.insert}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            data-active={index === active || undefined}
            className="query-completion__option"
            // Keep focus in the box, so typing goes on after a click.
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(index)}
          >
            <span className="query-completion__label">{item.label}</span>
            {item.detail && item.detail !== item.label ? (
              <>
                {' '}
                <span className="query-completion__detail">{item.detail}</span>
              </>
            ) : null}
          </div>
        ))}
      </div>
    </FloatingPortal>
  );
}

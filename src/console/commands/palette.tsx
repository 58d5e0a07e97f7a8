import type { ScreenDefinition } from '@console/app/screen-types';
import { Kbd } from '@console/ui/kbd';
import type { QueryError } from '@domain/search-query';
import { Command as Cmdk, useCommandState } from 'cmdk';
import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useFocusScope } from './focus-scope';
import {
  useAccountSources,
  useApiSearchSource,
  useCommandSource,
  useMerchantSources,
  useScreenSource,
} from './palette-navigation-sources';
import { COMPLETE_GROUP, usePaletteQueryMode, useQueryTargetSource } from './palette-query';
import { useChargebackSearchSources, useTransactionSearchSources } from './palette-record-sources';
import { type PaletteGroup, sourcePage, usePaletteResults } from './palette-results';
import { isTargetPage, NO_VIEWS_HINT, PAGE_PLACEHOLDER, PICKER_HINT } from './palette-steps';
import { useRecentRecordSources } from './recent-records';
import { executeCommand, useCommandContext, useCommands, usePaletteSources } from './registry';
import { useSavedViewSources } from './saved-view-navigation';
import type { PaletteItem, PalettePage, PaletteSource } from './types';
import './palette.css';

// The command palette (issue 2, point 10). Everything it lists comes from palette sources: the built-in ones
// (palette-navigation-sources.ts: screens, registered commands, accounts, merchants, the API search;
// palette-record-sources.ts: transactions and cases by id; recent-records.ts: the records opened last, on the empty
// query) and any an area registers with useRegisterPaletteSources.
// The palette ranks and cuts the list itself (palette-results.ts), so cmdk only ever holds what is rendered; this
// module draws it, moves between its pages (palette-steps.ts) and runs what is picked.

export interface CommandPaletteProps {
  /** The screens the user may see: the navigation entries, and whether cases can be looked up. */
  screens: readonly ScreenDefinition[];
  open: boolean;
  page: PalettePage;
  /** On a picker step: the command waiting for the record the user picks. */
  commandId?: string | undefined;
  onClose: () => void;
  /** Moves to another page: back to the root, or to the picker step of a command that needs a target. */
  onPageChange: (page: PalettePage, commandId?: string) => void;
}

/** The palette; <CommandLayer /> owns its open state and the commands that open it. */

/** In query mode the page's sources rest: the text is a query, not a name to look up. */
const NO_SOURCES: readonly PaletteSource[] = [];

/** The keys with which cmdk moves its selection (vim bindings are off). */
const SELECTION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']);
export function CommandPalette(props: CommandPaletteProps) {
  return props.open ? <PaletteDialog {...props} /> : null;
}

function PaletteDialog({ screens, page, commandId, onClose, onPageChange }: CommandPaletteProps) {
  const ctx = useCommandContext('palette');
  const commands = useCommands();
  const registered = usePaletteSources();
  const screenSource = useScreenSource(screens);
  const commandSource = useCommandSource();
  const accountSources = useAccountSources();
  const merchantSources = useMerchantSources(ctx.accountId);
  const searchSource = useApiSearchSource();
  const transactionSources = useTransactionSearchSources();
  const chargebackSources = useChargebackSearchSources(screens);
  const recentSources = useRecentRecordSources();
  const queryTargetSource = useQueryTargetSource(screens, ctx);
  const viewSources = useSavedViewSources(ctx.accountId, ctx.merchantId);
  const [query, setQuery] = useState('');
  const restoreFocus = useRef(true);
  const waiting = isTargetPage(page) ? commands.find((command) => command.id === commandId) : undefined;

  useFocusScope('palette', { onEscape: onClose });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (restoreFocus.current && previous?.isConnected) previous.focus();
    };
  }, []);

  // cmdk selects the first option when the query changes, not when options arrive later (recent records or a search
  // answering after the palette opened land above the option it chose, and Enter would run that one). Until the user
  // moves the selection (arrow keys, the pointer), the selected option is the first one shown.
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState('');
  const changeQuery = (next: string) => {
    setMoved(false);
    setQuery(next);
  };

  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setQuery('');
    setMoved(false);
  }
  // A step chosen with the mouse took the focus away from the input: the next keys are the id.
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is what moves the focus back
  useEffect(() => {
    inputRef.current?.focus();
  }, [page]);
  const listRef = useRef<HTMLDivElement>(null);

  const sources = useMemo(
    () =>
      [
        // First, so the empty query's cut to the rendered 50 keeps them.
        ...recentSources,
        screenSource,
        commandSource,
        queryTargetSource,
        ...viewSources,
        ...accountSources,
        ...merchantSources,
        ...transactionSources,
        ...chargebackSources,
        searchSource,
        ...registered,
      ].filter((source) => sourcePage(source) === page),
    [
      recentSources,
      screenSource,
      commandSource,
      queryTargetSource,
      viewSources,
      accountSources,
      merchantSources,
      transactionSources,
      chargebackSources,
      searchSource,
      registered,
      page,
    ],
  );

  const queryMode = usePaletteQueryMode(query, page, commandId, screens, ctx);
  const results = usePaletteResults(queryMode.active ? NO_SOURCES : sources, query, ctx);
  const { matched, shown, pending } = results;
  const groups: PaletteGroup[] = queryMode.active
    ? queryGroups(queryMode.openItem, queryMode.completions)
    : results.groups;
  const firstId = groups[0]?.items[0]?.id ?? '';

  const select = (item: PaletteItem) => {
    if (item.fills !== undefined) {
      changeQuery(item.fills);
      return;
    }
    if (item.opens) {
      // The command needs a record: ask for it here, in the same palette (Backspace on an empty query goes back).
      changeQuery('');
      onPageChange(item.opens.page, item.opens.commandId);
      return;
    }
    restoreFocus.current = false;
    onClose();
    const { target } = item;
    void Promise.resolve()
      .then(async () => {
        if (target && waiting) await executeCommand(waiting, ctx, 'palette', target);
        else await item.onSelect(ctx);
      })
      .catch((error: unknown) => console.error(`Palette item ${item.id} failed`, error));
  };

  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  /** Shift Enter on a query: the filtered list in a new tab, this tab stays where it was. */
  const openInNewTab = () => {
    if (!queryMode.href) return;
    restoreFocus.current = true;
    onClose();
    window.open(queryMode.href, '_blank', 'noopener');
  };

  const emptyText = queryMode.active
    ? queryMode.errors.length > 0
      ? 'Fix the query to see its rows'
      : 'Type a query'
    : isTargetPage(page) && query.trim() === ''
      ? PICKER_HINT[page]
      : page === 'views' && query.trim() === ''
        ? NO_VIEWS_HINT
        : pending
          ? 'Searching…'
          : 'No results';
  const stepTitle =
    waiting?.title ?? (page === 'query' && queryMode.target ? `Search ${queryMode.target.noun}` : undefined);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only catches clicks outside the palette
    <div className="palette-overlay" onMouseDown={onOverlayMouseDown}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        {stepTitle ? (
          <div className="palette__step">
            <span className="palette__step-title">{stepTitle}</span>
            <span className="palette__step-hint">
              <Kbd keys="backspace" /> to go back
            </span>
          </div>
        ) : null}
        {/* vimBindings off: cmdk would take Ctrl+K (move up) away from the toggle. */}
        <Cmdk
          label={stepTitle ?? 'Command palette'}
          shouldFilter={false}
          loop
          vimBindings={false}
          value={moved ? selected : firstId}
          onValueChange={setSelected}
        >
          <Cmdk.Input
            ref={inputRef}
            className="palette__input"
            value={query}
            onValueChange={changeQuery}
            placeholder={PAGE_PLACEHOLDER[page]}
            autoFocus
            onKeyDown={(event) => {
              if (SELECTION_KEYS.has(event.key)) setMoved(true);
              if (event.key === 'Enter' && event.shiftKey && queryMode.active) {
                event.preventDefault();
                openInNewTab();
              }
              // Tab takes the completion shown selected, or the first one, as a shell does.
              const { completions } = queryMode;
              if (event.key === 'Tab' && !event.shiftKey && completions.length > 0) {
                event.preventDefault();
                const chosen = (moved && completions.find((item) => item.id === selected)) || completions[0];
                if (chosen?.fills !== undefined) changeQuery(chosen.fills);
              }
              if (event.key === 'Backspace' && query === '' && page !== 'root') {
                event.preventDefault();
                onPageChange('root');
              }
            }}
          />
          <Cmdk.List ref={listRef} className="palette__list" onPointerMove={() => setMoved(true)}>
            <Cmdk.Empty className="palette__empty">{emptyText}</Cmdk.Empty>
            {groups.map((group) => (
              <Cmdk.Group key={group.heading} heading={group.heading} className="palette__group">
                {group.items.map((item) => (
                  <Cmdk.Item key={item.id} value={item.id} onSelect={() => select(item)} className="palette__item">
                    <span className="palette__title">{item.title}</span>
                    {item.subtitle ? <span className="palette__subtitle">{item.subtitle}</span> : null}
                    {item.keys?.[0] ? <Kbd keys={item.keys[0]} className="palette__keys" /> : null}
                    {item.detail ? <span className="palette__detail">{item.detail}</span> : null}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            ))}
          </Cmdk.List>
          <ActiveOption inputRef={inputRef} listRef={listRef} />
          {queryMode.active ? (
            <QueryFooter errors={queryMode.errors} />
          ) : (
            <div className="palette__footer" aria-live="polite">
              {matched > shown ? `Showing ${shown} of ${matched}; keep typing to narrow` : ''}
            </div>
          )}
        </Cmdk>
      </div>
    </div>,
    document.body,
  );
}

/**
 * Points the input (and the listbox) at the option shown selected, or at nothing when none is.
 *
 * cmdk 1.1.1 renders both attributes from its `selectedItemId` (dip/cmdk#413): when new results move the selection it
 * reads the selected element's id in a layout callback that runs before React has rendered the new selection, so it
 * keeps the previous option, which later results remove; a controlled `value` never updates it, and cmdk writes the
 * attribute after the props it is given, so no prop can correct it. The option marked aria-selected is the one Enter
 * runs. This component renders with every render of the palette (new results), every move of the selection and every
 * `selectedItemId` cmdk renders, so its layout effect runs in the same commit, before anything is painted or read.
 */
function ActiveOption({
  inputRef,
  listRef,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  useCommandState((state) => state.value);
  useCommandState((state) => state.selectedItemId);
  useLayoutEffect(() => {
    const list = listRef.current;
    const id = list?.querySelector('[cmdk-item][aria-selected="true"]')?.id;
    for (const element of [inputRef.current, list]) {
      if (!element) continue;
      if (id) element.setAttribute('aria-activedescendant', id);
      else element.removeAttribute('aria-activedescendant');
    }
  });
  return null;
}

/** Under a query: what is wrong with it, or how to open it. Polite: it changes with every keystroke. */
function QueryFooter({ errors }: { errors: readonly QueryError[] }) {
  return (
    <div className="palette__footer palette__footer--query" aria-live="polite">
      {errors.length > 0 ? (
        <ul className="palette__query-errors">
          {errors.map((error) => (
            <li key={`${error.code}:${error.start}`}>{error.message}</li>
          ))}
        </ul>
      ) : (
        <span>
          <Kbd keys="enter" /> opens the list · <Kbd keys="shift+enter" /> opens it in a new tab
        </span>
      )}
    </div>
  );
}

/** A clean query opens first (Enter runs it); while it is wrong or half typed, the completion leads. */
function queryGroups(openItem: PaletteItem | undefined, completions: PaletteItem[]): PaletteGroup[] {
  const complete = completions.length > 0 ? [{ heading: COMPLETE_GROUP, items: completions }] : [];
  return openItem ? [{ heading: openItem.group, items: [openItem] }, ...complete] : complete;
}

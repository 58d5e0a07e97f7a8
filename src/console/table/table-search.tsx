import { Checkbox } from '@console/ui/checkbox';
import { SearchIcon } from '@console/ui/icons';
import type { QueryError, QueryKeyRegistry } from '@domain/search-query';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { QueryCompletionList } from './query-completion-list';
import { hasQueryTerms, type QueryOptions } from './typed-query';
import type { TableSearchFlag } from './types';
import { type NameScope, useQueryCompletion } from './use-query-completion';

export interface TableSearchTypeOption {
  value: string;
  label: string;
  /** The box's placeholder while this type is chosen. */
  placeholder?: string;
}

/** A 'search by' choice (ID or Text) kept in the address under `param`; the first option is the default. */
export interface TableSearchTypes {
  param: string;
  options: readonly TableSearchTypeOption[];
}

export interface TableSearchProps {
  /** The search in the address; the box follows it when the address changes (Back, Clear filters). */
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  /** Quick search starts at this many characters, or when emptied (spec 1, section 4): 3, or 2 for some tables. */
  minLength: number;
  debounceMs: number;
  /** The table's accessible name, so the box says which list it searches. */
  tableLabel: string;
  searchTypes?: TableSearchTypes;
  searchType?: string;
  onSearchTypeChange?: (value: string) => void;
  flags?: readonly TableSearchFlag[];
  /** The params of the flags that are checked. */
  checkedFlags?: readonly string[];
  onFlagChange?: (param: string, checked: boolean) => void;
  /**
   * Takes a query with key:value terms on Enter (typed-query.ts): applies it and answers the free text left as the
   * search, or answers its errors and applies nothing. Without it, the box is the plain quick search.
   */
  onTypedQuery?: (text: string, learnt: QueryOptions) => { errors: readonly QueryError[]; search: string };
  /** What the completion under the box offers: the screen's keys and names, and where the server finds more. */
  completion?: { registry: QueryKeyRegistry; options: QueryOptions; scope: NameScope };
}

const NO_KEYS: QueryKeyRegistry = { list: '', keys: [] };
const NO_OPTIONS: QueryOptions = {};
const NO_SCOPE: NameScope = { accountId: undefined };

/** Whether a typed text should start a search: long enough, or emptied to show everything again. */
export function shouldSearch(text: string, minLength: number): boolean {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length >= minLength;
}

export function TableSearch({
  value,
  onSearch,
  placeholder,
  minLength,
  debounceMs,
  tableLabel,
  searchTypes,
  searchType,
  onSearchTypeChange,
  flags = [],
  checkedFlags = [],
  onFlagChange,
  onTypedQuery,
  completion: completionSource,
}: TableSearchProps) {
  const [text, setText] = useState(value);
  const [errors, setErrors] = useState<readonly QueryError[]>([]);
  const errorsId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLSpanElement>(null);
  const [cursor, setCursor] = useState(value.length);
  /** Whether the completion list may show (typing opens it; Escape, Enter, leaving the box close it). */
  const [listOpen, setListOpen] = useState(false);
  /** The highlighted item; -1 until the user moves to one, so Enter alone still submits the query. */
  const [active, setActive] = useState(-1);
  /** Where to put the caret after an accepted item rewrote the text. */
  const caretAfter = useRef<number | null>(null);
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const acceptsQueries = onTypedQuery !== undefined;

  // The address changed under the box (Back, Clear filters, a shared link): show what is applied.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === committed.current || !shouldSearch(trimmed, minLength)) return;
    // A query half typed ('status:decl') is not a search: it applies on Enter, whole, or not at all.
    if (acceptsQueries && hasQueryTerms(trimmed)) return;
    // A row opened before the wait ends leaves the list; while the next screen's chunk loads, React keeps the list
    // mounted but hidden (a suspended update), so this timer still fires: it must not write the list's address over
    // the new screen's (an e2e run on a loaded machine went back to the list).
    const path = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== path) return;
      committed.current = trimmed;
      onSearchRef.current(trimmed);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, minLength, debounceMs, acceptsQueries]);

  const { completion, learnt } = useQueryCompletion({
    text,
    cursor,
    registry: completionSource?.registry ?? NO_KEYS,
    options: completionSource?.options ?? NO_OPTIONS,
    scope: completionSource?.scope ?? NO_SCOPE,
    enabled: acceptsQueries && completionSource !== undefined && listOpen,
  });
  // An item that would leave the text as it is ('declined' after 'status:declined') offers nothing.
  const current = text.slice(completion.from, completion.to);
  const items = completion.items.filter((item) => item.insert !== current);
  const expanded = listOpen && items.length > 0;
  const highlighted = expanded && active < items.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useLayoutEffect(() => {
    if (caretAfter.current === null) return;
    inputRef.current?.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  });

  const accept = (index: number) => {
    const item = items[index];
    if (!item) return;
    const next = text.slice(0, completion.from) + item.insert + text.slice(completion.to);
    const caret = completion.from + item.insert.length;
    caretAfter.current = caret;
    setText(next);
    setCursor(caret);
    setErrors([]);
    setActive(-1);
    // After a key the list stays open on its values; after a value it closes until the next keystroke.
    setListOpen(item.kind === 'key');
  };

  /** The completion's keys first; anything it does not take goes on to the search's own keys. */
  const onCompletionKey = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!acceptsQueries || !completionSource) return false;
      event.preventDefault();
      if (!expanded) {
        setListOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : -1);
        return true;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((now) => ((now < 0 ? (step > 0 ? -1 : 0) : now) + step + items.length) % items.length);
      return true;
    }
    if (!expanded) return false;
    if (event.key === 'Escape') {
      // Closes the list only: the page's Escape (leave the box, close a panel) waits for the next one.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setListOpen(false);
      setActive(-1);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && highlighted >= 0 && !event.shiftKey) {
      event.preventDefault();
      accept(highlighted);
      return true;
    }
    return false;
  };

  const chosenType = searchTypes?.options.find((option) => option.value === searchType);
  return (
    <div className="data-table__search">
      {searchTypes ? (
        <select
          className="select data-table__search-type"
          aria-label="Search by"
          value={chosenType?.value ?? searchTypes.options[0]?.value}
          onChange={(event) => onSearchTypeChange?.(event.target.value)}
        >
          {searchTypes.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : null}
      {/* The box positions the icon, so a search-type choice before it does not cover it. */}
      <span className="data-table__search-box" ref={boxRef}>
        <SearchIcon aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          className="input"
          data-table-search=""
          aria-label={`Search ${tableLabel}`}
          placeholder={chosenType?.placeholder ?? placeholder}
          value={text}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={errors.length > 0 ? errorsId : undefined}
          {...(acceptsQueries && completionSource
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listId,
                'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
              }
            : {})}
          onChange={(event) => {
            setText(event.target.value);
            setCursor(event.target.selectionStart ?? event.target.value.length);
            setErrors([]);
            setListOpen(true);
            setActive(-1);
          }}
          onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? event.currentTarget.value.length)}
          onBlur={() => {
            setListOpen(false);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            if (onCompletionKey(event)) return;
            if (event.key === 'Enter') {
              setListOpen(false);
              setActive(-1);
            }
            if (event.key === 'Enter' && onTypedQuery && hasQueryTerms(text)) {
              const result = onTypedQuery(text.trim(), learnt);
              setErrors(result.errors);
              if (result.errors.length > 0) return;
              committed.current = result.search;
              setText(result.search);
              return;
            }
            // Enter searches at once, but still not below the minimum length.
            if (event.key === 'Enter' && shouldSearch(text, minLength) && text.trim() !== committed.current) {
              committed.current = text.trim();
              onSearchRef.current(text.trim());
            }
          }}
        />
      </span>
      {expanded ? (
        <QueryCompletionList
          id={listId}
          anchor={boxRef.current}
          label={`Suggestions for ${tableLabel}`}
          items={items}
          active={highlighted}
          optionId={optionId}
          onHover={setActive}
          onPick={accept}
        />
      ) : null}
      {errors.length > 0 ? (
        <ul id={errorsId} className="data-table__search-errors" role="alert" aria-label="Query errors">
          {errors.map((error) => (
            <li key={`${error.start}:${error.code}`}>{error.message}</li>
          ))}
        </ul>
      ) : null}
      {flags.map((flag) => (
        <Checkbox
          key={flag.param}
          className="data-table__search-flag"
          label={flag.label}
          checked={checkedFlags.includes(flag.param)}
          onChange={(event) => onFlagChange?.(flag.param, event.target.checked)}
        />
      ))}
    </div>
  );
}

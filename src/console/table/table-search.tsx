import { Checkbox } from '@console/ui/checkbox';
import { SearchIcon } from '@console/ui/icons';
import type { QueryError } from '@domain/search-query';
import { useEffect, useId, useRef, useState } from 'react';
import { hasQueryTerms } from './typed-query';
import type { TableSearchFlag } from './types';

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
  onTypedQuery?: (text: string) => { errors: readonly QueryError[]; search: string };
}

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
}: TableSearchProps) {
  const [text, setText] = useState(value);
  const [errors, setErrors] = useState<readonly QueryError[]>([]);
  const errorsId = useId();
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
      <span className="data-table__search-box">
        <SearchIcon aria-hidden="true" />
        <input
          type="search"
          className="input"
          data-table-search=""
          aria-label={`Search ${tableLabel}`}
          placeholder={chosenType?.placeholder ?? placeholder}
          value={text}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={errors.length > 0 ? errorsId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setErrors([]);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && onTypedQuery && hasQueryTerms(text)) {
              const result = onTypedQuery(text.trim());
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

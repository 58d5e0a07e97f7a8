import { Checkbox } from '@console/ui/checkbox';
import { SearchIcon } from '@console/ui/icons';
import { useEffect, useRef, useState } from 'react';
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
}: TableSearchProps) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

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
  }, [text, minLength, debounceMs]);

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
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once, but still not below the minimum length.
            if (event.key === 'Enter' && shouldSearch(text, minLength) && text.trim() !== committed.current) {
              committed.current = text.trim();
              onSearchRef.current(text.trim());
            }
          }}
        />
      </span>
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

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rememberListLocation } from './list-memory';
import { parseTableState, serialiseTableState, type TableState, type TableStateOptions } from './table-state';

export interface TableUrlState {
  state: TableState;
  /** Writes a new state into the address (replacing the history entry, so Back leaves the list, not a page turn). */
  setState: (next: TableState | ((current: TableState) => TableState)) => void;
  /** Drops every table parameter: the list as a fresh visit shows it. */
  resetToDefaults: () => void;
}

/** The table state read from and written to the URL query string through wouter. */
export function useTableUrlState(options: TableStateOptions): TableUrlState {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filterKey = options.filterIds.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for options.filterIds by value
  const stable = useMemo(
    () => ({ filterIds: options.filterIds, defaultOrder: options.defaultOrder }),
    [filterKey, options.defaultOrder],
  );
  const state = useMemo(() => parseTableState(new URLSearchParams(search), stable), [search, stable]);

  useEffect(() => rememberListLocation(location, search), [location, search]);

  // The latest values, so callbacks stay stable for commands registered once.
  const latest = useRef({ state, search, location, navigate, stable });
  latest.current = { state, search, location, navigate, stable };

  const write = useCallback((params: URLSearchParams) => {
    const { location: path, navigate: go, search: currentSearch } = latest.current;
    const query = params.toString();
    if (query === currentSearch) return;
    go(query ? `${path}?${query}` : path, { replace: true });
  }, []);

  const setState = useCallback<TableUrlState['setState']>(
    (next) => {
      const { state: current, search: currentSearch, stable: definition } = latest.current;
      const resolved = typeof next === 'function' ? next(current) : next;
      write(serialiseTableState(resolved, definition, new URLSearchParams(currentSearch)));
    },
    [write],
  );

  const resetToDefaults = useCallback(() => {
    const { search: currentSearch, stable: definition } = latest.current;
    write(
      serialiseTableState(
        parseTableState(new URLSearchParams(), definition),
        definition,
        new URLSearchParams(currentSearch),
      ),
    );
  }, [write]);

  return { state, setState, resetToDefaults };
}

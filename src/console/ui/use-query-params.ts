import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A screen's own parameters in the address (the counters' range, page, dates and search; the dashboard's filters),
 * beside the data table's, which it leaves alone. Writing replaces the history entry, as the table does, so Back
 * leaves the tab instead of stepping through every change.
 */
export function useQueryParams(): {
  params: URLSearchParams;
  /** Sets (or, with '', [] or null, removes) each named parameter at once; a list repeats the parameter. */
  setParams: (changes: Record<string, string | readonly string[] | null>) => void;
} {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const latest = useRef({ search, location, navigate });
  latest.current = { search, location, navigate };
  const setParams = useCallback((changes: Record<string, string | readonly string[] | null>) => {
    const { search: current, location: path, navigate: go } = latest.current;
    const next = new URLSearchParams(current);
    for (const [name, value] of Object.entries(changes)) {
      next.delete(name);
      for (const item of typeof value === 'string' ? [value] : (value ?? [])) if (item !== '') next.append(name, item);
    }
    const query = next.toString();
    if (query === current) return;
    go(query ? `${path}?${query}` : path, { replace: true });
  }, []);
  return { params, setParams };
}

import { useEffect, useState } from 'react';

/** The value once it has rested `ms`: a field typed into or a slider moved asks the server once, for where it stopped. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

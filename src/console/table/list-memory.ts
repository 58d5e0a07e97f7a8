// Remembers the query string each list was last shown with, so a detail screen's back link returns to the same page,
// sort and filters even when the user arrived at the detail by a palette jump rather than the browser's Back.
// Kept in sessionStorage so a reload of the detail screen keeps it; per tab, like the history it stands in for.

const PREFIX = 'list-location:';
const memory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the in-memory copy still works for this page load.
    return undefined;
  }
}

export function rememberListLocation(path: string, query: string): void {
  memory.set(path, query);
  try {
    storage()?.setItem(PREFIX + path, query);
  } catch {
    // Quota or blocked storage: the in-memory copy is enough.
  }
}

/** The list's path with the query it was last shown with, or the bare path. */
export function listLocation(path: string): string {
  const query = memory.get(path) ?? storage()?.getItem(PREFIX + path) ?? '';
  return query ? `${path}?${query}` : path;
}

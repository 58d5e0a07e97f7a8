// Remembers the query string each list was last shown with, so a detail screen's back link returns to the same page,
// sort and filters even when the user arrived at the detail by a palette jump rather than the browser's Back.
// Kept in sessionStorage so a reload of the detail screen keeps it; per tab, like the history it stands in for.

const PREFIX = 'list-location:';
/** Where storage is blocked, this page load still remembers (storage is the truth otherwise: tabs and reloads agree). */
const fallbackLocations = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings).
    return undefined;
  }
}

export function rememberListLocation(path: string, query: string): void {
  const store = storage();
  if (!store) {
    fallbackLocations.set(path, query);
    return;
  }
  try {
    store.setItem(PREFIX + path, query);
  } catch {
    // Quota: the back link falls back to the bare list, as on a first visit.
  }
}

/** The list's path with the query it was last shown with, or the bare path. */
export function listLocation(path: string): string {
  const store = storage();
  const query = (store ? store.getItem(PREFIX + path) : fallbackLocations.get(path)) ?? '';
  return query ? `${path}?${query}` : path;
}

// Where the user was in each list (issue 11): the active row and the scroll offset, per list address (path and query,
// so each page, sort and filter of a list has its own). An agent who opens a case with Enter and comes back, by `u`,
// the 'Back to …' link or the browser's Back, finds the same row active and `j` goes on to the next one. Same storage
// as the list locations above; only the most recent lists are kept.

export interface ListPosition {
  /** The active row's id; null when no row was active. */
  rowId: string | null;
  /** Its index on the page: when the row has left the page (its status changed), the row now in its place. */
  index: number;
  scrollTop: number;
}

const POSITIONS_KEY = 'list-positions';
const MAX_POSITIONS = 50;
/** Where storage is blocked, this page load still remembers. */
const fallbackPositions: [string, ListPosition][] = [];

function isPosition(value: unknown): value is ListPosition {
  if (typeof value !== 'object' || value === null) return false;
  const { rowId, index, scrollTop } = value as Record<string, unknown>;
  return (
    (rowId === null || typeof rowId === 'string') &&
    Number.isInteger(index) &&
    typeof scrollTop === 'number' &&
    Number.isFinite(scrollTop)
  );
}

/** Oldest first. Read from storage each time, so tabs and reloads agree and nothing stale stays in memory. */
function readPositions(): [string, ListPosition][] {
  const store = storage();
  if (!store) return fallbackPositions;
  try {
    const stored: unknown = JSON.parse(store.getItem(POSITIONS_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (entry): entry is [string, ListPosition] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && isPosition(entry[1]),
    );
  } catch {
    // A damaged or foreign value: start afresh.
    return [];
  }
}

/** Remembers where the user is in the list shown at this address (path with its query). */
export function rememberListPosition(address: string, position: ListPosition): void {
  // Most recent last, so the oldest list is the one forgotten.
  const next = [...readPositions().filter(([key]) => key !== address), [address, position] as [string, ListPosition]];
  const kept = next.slice(-MAX_POSITIONS);
  const store = storage();
  if (!store) {
    fallbackPositions.splice(0, fallbackPositions.length, ...kept);
    return;
  }
  try {
    store.setItem(POSITIONS_KEY, JSON.stringify(kept));
  } catch {
    // Quota or blocked storage: the position is simply not kept.
  }
}

/** Where the user was in the list at this address, if they have been there in this tab. */
export function listPosition(address: string): ListPosition | undefined {
  return readPositions().find(([key]) => key === address)?.[1];
}

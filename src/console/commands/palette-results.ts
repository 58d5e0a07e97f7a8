import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PALETTE_RENDER_LIMIT, rankItems } from './palette-filter';
import { REMOTE_LIMIT, SEARCH_MIN_LENGTH } from './palette-navigation-sources';
import type { CommandContext, PaletteItem, PalettePage, PaletteSource } from './types';

// What the palette shows for a query: the sources' local items ranked (palette-filter.ts), the remote searches'
// hits (debounced, the stale ones aborted), cut to the rendered 50 and grouped.

/** Typing pauses this long before the API is asked; a pasted identifier is looked up at once. */
export const SEARCH_DEBOUNCE_MS = 120;

const ROOT_GROUP_ORDER = [
  'Recent',
  'Open',
  'Views',
  'Navigation',
  'Commands',
  'Transactions',
  'Chargebacks',
  'Accounts',
  'Merchants',
];

export function sourcePage(source: PaletteSource): PalettePage {
  return source.page ?? 'root';
}

interface RemoteResult {
  query: string;
  items: readonly PaletteItem[];
}

/** A source's remote search runs for this text. */
function searchesFor(source: PaletteSource, text: string): boolean {
  return source.search !== undefined && text.length >= (source.minQueryLength ?? SEARCH_MIN_LENGTH);
}

/**
 * Runs the sources' remote searches for a query: debounced, aborted when the query changes. `pending` while the
 * answer for the query as typed has not come yet.
 */
function useRemoteResults(
  sources: readonly PaletteSource[],
  query: string,
  ctx: CommandContext,
): RemoteResult & { pending: boolean } {
  const [result, setResult] = useState<RemoteResult>({ query: '', items: [] });
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  useEffect(() => {
    const text = query.trim();
    const searching = sources.filter((source) => searchesFor(source, text));
    if (searching.length === 0) {
      setResult((current) => (current.items.length === 0 ? current : { query: text, items: [] }));
      return;
    }
    const controller = new AbortController();
    const delay = isIdentifier(text) ? 0 : SEARCH_DEBOUNCE_MS;
    const timer = setTimeout(() => {
      Promise.allSettled(searching.map((source) => source.search!(text, ctxRef.current, controller.signal))).then(
        (outcomes) => {
          if (controller.signal.aborted) return;
          const items = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
          setResult({ query: text, items });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sources, query]);

  const text = query.trim();
  const pending = result.query !== text && sources.some((source) => searchesFor(source, text));
  return { ...result, pending };
}

export interface PaletteGroup {
  heading: string;
  items: PaletteItem[];
}

function groupItems(items: readonly PaletteItem[], fixedOrder: boolean): PaletteGroup[] {
  const groups = new Map<string, PaletteItem[]>();
  for (const item of items) {
    const list = groups.get(item.group);
    if (list) list.push(item);
    else groups.set(item.group, [item]);
  }
  const result = [...groups].map(([heading, list]) => ({ heading, items: list }));
  if (fixedOrder) {
    const rank = (heading: string) => {
      const index = ROOT_GROUP_ORDER.indexOf(heading);
      return index === -1 ? ROOT_GROUP_ORDER.length : index;
    };
    result.sort((a, b) => rank(a.heading) - rank(b.heading));
  }
  return result;
}

export interface PaletteResults {
  groups: PaletteGroup[];
  /** Items that match the query, of which `shown` are rendered. */
  matched: number;
  shown: number;
  /** The answer of a remote search for the query as typed has not come yet. */
  pending: boolean;
}

/** The ranked, grouped items of a page's sources for the query. */
export function usePaletteResults(
  sources: readonly PaletteSource[],
  query: string,
  ctx: CommandContext,
): PaletteResults {
  // Items are built once per opening (and context), not per keystroke, so the filter's prepared text stays cached.
  const itemsBySource = useMemo(
    () =>
      sources.map((source) => ({
        minQueryLength: source.minQueryLength ?? 0,
        maxQueryLength: source.maxQueryLength ?? Number.POSITIVE_INFINITY,
        items: source.items?.(ctx) ?? [],
      })),
    [sources, ctx],
  );
  const queryLength = query.trim().length;
  const localItems = useMemo(
    () =>
      itemsBySource.flatMap((entry) =>
        queryLength >= entry.minQueryLength && queryLength <= entry.maxQueryLength ? entry.items : [],
      ),
    [itemsBySource, queryLength],
  );

  const remote = useRemoteResults(sources, query, ctx);

  const ranked = useMemo(() => {
    const remoteItems = query.trim() === '' ? [] : remote.items.slice(0, REMOTE_LIMIT);
    const remoteIds = new Set(remoteItems.map((item) => item.id));
    const local = rankItems(
      localItems.filter((item) => !remoteIds.has(item.id)),
      query,
      PALETTE_RENDER_LIMIT - remoteItems.length,
    );
    const idQuery = looksLikeIdPrefix(query);
    const ordered = idQuery ? [...remoteItems, ...local.items] : [...local.items, ...remoteItems];
    return {
      groups: groupItems(ordered, query.trim() === '' || idQuery),
      matched: local.matched + remoteItems.length,
      shown: ordered.length,
    };
  }, [localItems, remote, query]);
  return { ...ranked, pending: remote.pending };
}

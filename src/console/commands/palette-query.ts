import type { ScreenDefinition } from '@console/app/screen-types';
import { useApi } from '@console/session/session-provider';
import { defaultTableState, isOverCap, serialiseTableState, type TableState } from '@console/table/table-state';
import { hasQueryTerms, type QueryOptions } from '@console/table/typed-query';
import type { FilterDefinition, ListQueryParams } from '@console/table/types';
import { compileListQuery, multiValuedFilterIds } from '@console/table/use-list-query';
import { useQueryCompletion } from '@console/table/use-query-completion';
import { formatInteger } from '@domain/format';
import {
  parseQuery,
  type QueryError,
  type QueryKeyRegistry,
  type QueryValueOption,
  registryFor,
} from '@domain/search-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { defaultQueryTarget, type QueryScope, type QueryTarget, usableQueryTargets } from './query-targets';
import type { CommandContext, PaletteItem, PalettePage, PaletteSource } from './types';

// The palette's query mode (issue 26): a query typed at the root (or after 'Search transactions…') is read against
// the list's keys, compiled to the address the list's filter bar writes, and counted by the list call itself, so the
// number shown is the number of rows Enter opens.

/** Typing pauses this long before the count is asked (the list call is the heaviest the palette makes). */
export const COUNT_DEBOUNCE_MS = 200;
/** The count needs only the total; the smallest page keeps the call cheap. */
const COUNT_PAGE_SIZE = 50;

export interface PaletteQuery {
  /** The query's errors, in place of a count; nothing is opened while there are any. */
  errors: readonly QueryError[];
  /** The filtered list's address, when the query reads without errors. */
  href: string | undefined;
  /** What the count says now: 'Counting…', '1,204 transactions', '10,000+ transactions'. */
  countText: string | undefined;
}

interface CountAnswer {
  /** The list query this answer is for; another one means the count is still coming. */
  for: ListQueryParams | undefined;
  /** undefined: the call failed. */
  total: number | undefined;
}

/** The list call's total for `listQuery`, asked once typing pauses; a stale question is aborted. */
function useCount(
  target: QueryTarget | undefined,
  scope: QueryScope | undefined,
  listQuery: ListQueryParams | undefined,
): CountAnswer {
  const api = useApi();
  const [answer, setAnswer] = useState<CountAnswer>({ for: undefined, total: undefined });
  useEffect(() => {
    if (!target || !scope || !listQuery) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      target.fetchTotal(api, scope, listQuery, controller.signal).then(
        (total) => setAnswer({ for: listQuery, total }),
        () => {
          if (!controller.signal.aborted) setAnswer({ for: listQuery, total: undefined });
        },
      );
    }, COUNT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, target, scope, listQuery]);
  return answer;
}

/** The count's words, as the list's own total says them: past the cap (spec 3, section 2.1) '+10k'. */
export function countWords(total: number, noun: string): string {
  return `${isOverCap(total) ? '+10k' : formatInteger(total)} ${noun}`;
}

export interface CompiledPaletteQuery {
  errors: readonly QueryError[];
  state: TableState | undefined;
  href: string | undefined;
}

/** Reads `text` as a query on `target` and, when it reads cleanly, the table state and address it stands for. */
export function compilePaletteQuery(
  text: string,
  target: QueryTarget,
  scope: QueryScope,
  names: Readonly<Record<string, readonly QueryValueOption[]>>,
  now: Date = new Date(),
  filters: readonly FilterDefinition[] = target.filters(scope),
): CompiledPaletteQuery {
  const filterIds = filters.map((filter) => filter.id);
  const registry = registryFor(target.registry, filterIds);
  const parsed = parseQuery(text, registry, { now, options: names });
  if (parsed.errors.length > 0) return { errors: parsed.errors, state: undefined, href: undefined };
  const options = { filterIds, defaultOrder: target.defaultOrder };
  const state: TableState = { ...defaultTableState(options), search: parsed.search, filters: parsed.filters };
  const params = serialiseTableState(state, options).toString();
  const path = target.path(scope);
  return { errors: [], state, href: params ? `${path}?${params}` : path };
}

/** The compiled query and its live count. `active` false: nothing is read or asked. */
export function usePaletteQuery(
  text: string,
  target: QueryTarget | undefined,
  scope: QueryScope | undefined,
  names: Readonly<Record<string, readonly QueryValueOption[]>>,
  active: boolean,
): PaletteQuery {
  // The list's filters change with the list and the scope, not with each keystroke.
  const filters = useMemo(() => (target && scope ? target.filters(scope) : []), [target, scope]);
  const compiled = useMemo(
    () =>
      active && target && scope
        ? compilePaletteQuery(text, target, scope, names, new Date(), filters)
        : { errors: [], state: undefined, href: undefined },
    [active, text, target, scope, names, filters],
  );
  const listQuery = useMemo(() => {
    if (!target || !scope || !compiled.state) return undefined;
    const query = compileListQuery(
      { ...compiled.state, limit: COUNT_PAGE_SIZE },
      multiValuedFilterIds(filters),
      filters,
    );
    const { searchTypes } = target;
    const firstType = searchTypes?.options[0]?.value;
    if (searchTypes && firstType && compiled.state.search) query[searchTypes.param] = firstType;
    return query;
  }, [target, scope, compiled.state, filters]);
  const count = useCount(target, scope, listQuery);

  let countText: string | undefined;
  if (target && compiled.state) {
    if (count.for !== listQuery) countText = 'Counting…';
    else if (count.total === undefined) countText = `Could not count the ${target.noun}`;
    else countText = countWords(count.total, target.noun);
  }
  return { errors: compiled.errors, href: compiled.href, countText };
}

export interface PaletteQueryMode extends PaletteQuery {
  /** The palette reads its input as a query on this list. */
  active: boolean;
  target: QueryTarget | undefined;
  /** The option that opens the list ('Show transactions'), when the query reads cleanly. */
  openItem: PaletteItem | undefined;
  /** What may follow the word being typed: keys, values, names from the server; choosing one fills the input. */
  completions: PaletteItem[];
}

export const COMPLETE_GROUP = 'Complete';

/**
 * Whether and how the palette's input is a query: always on a list's query page ('Search transactions…'), and at the
 * root once the text holds a key:value term (plain words stay the palette's jump search).
 */
export function usePaletteQueryMode(
  text: string,
  page: PalettePage,
  listId: string | undefined,
  screens: readonly ScreenDefinition[],
  ctx: CommandContext,
): PaletteQueryMode {
  const [location] = useLocation();
  const { accountId, merchantId } = ctx;
  const scope = useMemo(() => (accountId ? { accountId, merchantId } : undefined), [accountId, merchantId]);
  const target = useMemo(() => {
    if (!scope) return undefined;
    if (page === 'query') return usableQueryTargets(screens, scope).find((candidate) => candidate.id === listId);
    return page === 'root' ? defaultQueryTarget(location, screens, scope) : undefined;
  }, [page, listId, screens, scope, location]);
  const active = target !== undefined && (page === 'query' || hasQueryTerms(text));
  const registry = useMemo(
    () =>
      target && scope
        ? registryFor(
            target.registry,
            target.filters(scope).map((filter) => filter.id),
          )
        : NO_KEYS,
    [target, scope],
  );
  // The palette's input is typed at its end: the completion reads the word before it.
  const { completion, learnt } = useQueryCompletion({
    text,
    cursor: text.length,
    registry,
    options: NO_NAMES,
    scope: scope ?? NO_SCOPE,
    enabled: active,
  });
  const query = usePaletteQuery(text, target, scope, learnt, active);
  const completions = useMemo<PaletteItem[]>(() => {
    if (!active) return [];
    const current = text.slice(completion.from, completion.to);
    return completion.items
      .filter((item) => item.insert !== current)
      .map((item) => ({
        id: `complete:${item.kind}:${item.insert}`,
        title: item.label,
        subtitle: item.detail,
        group: COMPLETE_GROUP,
        fills: text.slice(0, completion.from) + item.insert,
        onSelect: () => undefined,
      }));
  }, [active, text, completion]);
  const { href, countText } = query;
  const openItem = useMemo<PaletteItem | undefined>(() => {
    if (!active || !target || !href) return undefined;
    return {
      id: 'query:open',
      title: `Show ${target.noun}`,
      subtitle: countText,
      group: `Search ${target.noun}`,
      keys: ['enter'],
      onSelect: (context) => context.navigate(href),
    };
  }, [active, target, href, countText]);
  return { ...query, active, target, openItem, completions };
}

const NO_NAMES: QueryOptions = {};
const NO_KEYS: QueryKeyRegistry = { list: '', keys: [] };
const NO_SCOPE = { accountId: undefined };

/** 'Search transactions…' and its siblings: each opens the query page of a list the user may see here. */
export function useQueryTargetSource(screens: readonly ScreenDefinition[], ctx: CommandContext): PaletteSource {
  const { accountId, merchantId } = ctx;
  return useMemo(
    () => ({
      id: 'builtin:query-targets',
      items: () =>
        accountId
          ? usableQueryTargets(screens, { accountId, merchantId }).map((target) => ({
              id: `query:${target.id}`,
              title: `Search ${target.noun}…`,
              group: 'Commands',
              keywords: ['query', 'filter', 'find'],
              opens: { page: 'query', commandId: target.id },
              onSelect: () => undefined,
            }))
          : [],
    }),
    [screens, accountId, merchantId],
  );
}

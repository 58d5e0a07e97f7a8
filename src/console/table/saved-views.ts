import type { ApiClient } from '@console/api/client';
import { useApi, useSession } from '@console/session/session-provider';
import {
  type SavedView,
  type SavedViewCreate,
  type SavedViewUpdate,
  savedView,
  savedViewDefault,
  savedViewList,
} from '@domain/contract/saved-views';
import {
  canShareSavedViews,
  canUseSavedViews,
  SAVED_VIEW_MESSAGES,
  type SavedViewLevel,
  type SavedViewListDefinition,
  savedViewList as savedViewListDefinition,
  savedViewListKey,
} from '@domain/saved-views';
import { printQuery, type QueryKeyRegistry } from '@domain/search-query';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  type PageSize,
  parseOrder,
  serialiseOrder,
  serialiseTableState,
  TABLE_PARAMS,
  type TableState,
} from './table-state';
import { queryScopeOf } from './typed-query';
import type { FilterDefinition } from './types';

// Saved views (issue 26) on the console side: the calls, a hook per list, and the pure steps between a view and the
// table's address state. The Views menu (saved-views-menu.tsx) is built on them; so can the palette's 'View: …'
// entries, the side bar and the `g v` picker: useSavedViews(accountId, listKey) lists a list's views, and
// savedViewHref(definition, scope, view) is the address that applies one.

/** Calls answer their own failures in the menu and the modal: a 404 or a server error is not a jump away. */
const ANSWERED_HERE = { notFoundIsAnswer: true, serverErrorIsAnswer: true } as const;

export const savedViewsQueryKey = (accountId: string, list?: string) =>
  list === undefined ? (['saved-views', accountId] as const) : (['saved-views', accountId, list] as const);

const viewsPath = (accountId: string) => `/account/${accountId}/saved-view`;

/** GET /account/{accountId}/saved-view (?list=): the caller's views, personal and shared, by list then name. */
export async function fetchSavedViews(api: ApiClient, accountId: string, list?: string, signal?: AbortSignal) {
  const { items } = await api.get(viewsPath(accountId), {
    query: list === undefined ? undefined : { list },
    schema: savedViewList,
    signal,
    ...ANSWERED_HERE,
  });
  return items;
}

export const createSavedView = (api: ApiClient, accountId: string, body: SavedViewCreate) =>
  api.post(viewsPath(accountId), { body, schema: savedView, ...ANSWERED_HERE });

export const updateSavedView = (api: ApiClient, accountId: string, viewId: string, body: SavedViewUpdate) =>
  api.put(`${viewsPath(accountId)}/${viewId}`, { body, schema: savedView, ...ANSWERED_HERE });

export const deleteSavedView = (api: ApiClient, accountId: string, view: Pick<SavedView, 'id' | 'version'>) =>
  api.delete(`${viewsPath(accountId)}/${view.id}`, { query: { version: view.version }, ...ANSWERED_HERE });

export const setDefaultSavedView = (api: ApiClient, accountId: string, list: string, viewId: string | null) =>
  api.put(`/account/${accountId}/saved-view-default`, {
    body: { list, viewId },
    schema: savedViewDefault,
    ...ANSWERED_HERE,
  });

/** The list a data table shows, when it takes views: from its query keys and the level of the address. */
export function savedViewListOf(
  queryKeys: QueryKeyRegistry | undefined,
  scope: { accountId?: string; merchantId?: string },
): SavedViewListDefinition | undefined {
  if (!queryKeys || !scope.accountId) return undefined;
  const level: SavedViewLevel = scope.merchantId ? 'merchant' : 'account';
  return savedViewListDefinition(savedViewListKey(level, queryKeys));
}

export interface SavedViewsApi {
  views: readonly SavedView[];
  loaded: boolean;
  /** The caller's default view of the list, if any. */
  defaultView: SavedView | undefined;
  canShare: boolean;
  create: (body: Omit<SavedViewCreate, 'list'>) => Promise<SavedView>;
  update: (view: SavedView, changes: Partial<Omit<SavedViewUpdate, 'version'>>) => Promise<SavedView>;
  remove: (view: SavedView) => Promise<void>;
  setDefault: (viewId: string | null) => Promise<void>;
}

/** A list's views for the signed-in user, and the writes that keep them fresh. */
export function useSavedViews(accountId: string | undefined, list: SavedViewListDefinition | undefined): SavedViewsApi {
  const api = useApi();
  const client = useQueryClient();
  const { grants } = useSession();
  const enabled = accountId !== undefined && list !== undefined && canUseSavedViews(grants, list);
  const queryKey = savedViewsQueryKey(accountId ?? '', list?.key ?? '');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchSavedViews(api, accountId!, list!.key, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  const views = useMemo(() => query.data ?? [], [query.data]);
  // Every list of the account, so the palette's and side bar's lists of all views follow too.
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: savedViewsQueryKey(accountId ?? '') }),
    [client, accountId],
  );

  const create = useCallback<SavedViewsApi['create']>(
    async (body) => {
      const created = await createSavedView(api, accountId!, { ...body, list: list!.key });
      await refresh();
      return created;
    },
    [api, accountId, list, refresh],
  );
  const update = useCallback<SavedViewsApi['update']>(
    async (view, changes) => {
      const { name, shared, query: text, filters, search, sort, pageSize, columns, version } = view;
      const body = { name, shared, query: text, filters, search, sort, pageSize, columns, version, ...changes };
      try {
        return await updateSavedView(api, accountId!, view.id, body);
      } finally {
        // A 409 means the list on screen is stale: reload it either way.
        await refresh();
      }
    },
    [api, accountId, refresh],
  );
  const remove = useCallback<SavedViewsApi['remove']>(
    async (view) => {
      try {
        await deleteSavedView(api, accountId!, view);
      } finally {
        await refresh();
      }
    },
    [api, accountId, refresh],
  );
  const setDefault = useCallback<SavedViewsApi['setDefault']>(
    async (viewId) => {
      await setDefaultSavedView(api, accountId!, list!.key, viewId);
      await refresh();
    },
    [api, accountId, list, refresh],
  );

  return {
    views,
    loaded: enabled && query.isSuccess,
    defaultView: views.find((view) => view.isDefault),
    canShare: canShareSavedViews(grants),
    create,
    update,
    remove,
    setDefault,
  };
}

export type SavedViewContent = Pick<SavedViewCreate, 'query' | 'filters' | 'search' | 'sort' | 'pageSize' | 'columns'>;

/** What a view stores of the table's state: the filters the list's keys know, the search, order, page size and columns. */
export function viewContentOf(
  state: TableState,
  list: SavedViewListDefinition,
  filters: readonly FilterDefinition[],
): SavedViewContent {
  const params = new Set(list.registry.keys.map((spec) => spec.param));
  const kept = Object.fromEntries(
    Object.entries(state.filters).filter(([id, values]) => params.has(id) && values.length > 0),
  );
  const shown = queryScopeOf(list.registry, filters);
  const { query } = printQuery({ filters: kept, search: state.search }, shown.registry, {
    now: new Date(),
    options: shown.options,
  });
  return {
    query,
    filters: kept,
    search: state.search,
    sort: serialiseOrder(state.sort) || null,
    pageSize: state.limit,
    columns: state.columns && state.columns.length > 0 ? [...state.columns] : null,
  };
}

/** The table state a view asks for, from page 1. */
export function tableStateOfView(view: SavedView): TableState {
  return {
    page: 1,
    limit: view.pageSize as PageSize,
    sort: parseOrder(view.sort),
    search: view.search,
    filters: Object.fromEntries(Object.entries(view.filters).map(([id, values]) => [id, [...values]])),
    ...(view.columns && view.columns.length > 0 ? { columns: [...view.columns] } : {}),
  };
}

const sameValues = (a: Readonly<Record<string, readonly string[]>>, b: Readonly<Record<string, readonly string[]>>) => {
  const keys = (record: Readonly<Record<string, readonly string[]>>) =>
    Object.keys(record)
      .filter((key) => (record[key]?.length ?? 0) > 0)
      .sort();
  const [left, right] = [keys(a), keys(b)];
  return (
    left.length === right.length &&
    left.every(
      (key, index) => key === right[index] && [...a[key]!].sort().join('\u0000') === [...b[key]!].sort().join('\u0000'),
    )
  );
};

/** Whether the table shows what the view holds (else 'Update view' offers to save the difference). */
export function showsView(state: TableState, view: SavedView): boolean {
  return (
    state.search === view.search &&
    (serialiseOrder(state.sort) || null) === view.sort &&
    state.limit === view.pageSize &&
    sameValues(state.filters, view.filters) &&
    (state.columns ?? []).join(',') === (view.columns ?? []).join(',')
  );
}

export interface UnavailableFilter {
  id: string;
  label: string;
  /** The ids the filter's loaded options no longer hold. */
  values: string[];
}

/**
 * The pick-list filters naming records the screen's options do not hold: a deleted MID, merchant, route or agent.
 * The ids stay in the address, so the list stays narrowed (and empty) rather than widening to every MID; the screen
 * says so. Only filters whose options have loaded count: an empty option list may be one still loading (or the MIDs
 * of an account-level list before one merchant is chosen), which says nothing about the id.
 */
export function unavailableFilters(
  state: Pick<TableState, 'filters'>,
  registry: QueryKeyRegistry | undefined,
  filters: readonly FilterDefinition[],
): UnavailableFilter[] {
  if (!registry) return [];
  const found: UnavailableFilter[] = [];
  for (const spec of registry.keys) {
    if (spec.kind !== 'idList') continue;
    const filter = filters.find((candidate) => candidate.id === spec.param);
    if (!filter || !(filter.kind === undefined || filter.kind === 'select') || filter.options.length === 0) continue;
    const known = new Set([...filter.options, ...(spec.fixedOptions ?? [])].map((option) => option.value));
    const missing = (state.filters[spec.param] ?? []).filter((value) => !known.has(value));
    if (missing.length > 0) found.push({ id: spec.param, label: filter.label, values: missing });
  }
  return found;
}

export const unavailableText = (filter: UnavailableFilter) => `${filter.label}: ${SAVED_VIEW_MESSAGES.unavailable}`;

/** The address that applies a view (for the palette, the side bar and the `g v` picker). */
export function savedViewHref(
  list: SavedViewListDefinition,
  scope: { accountId: string; merchantId?: string },
  view: SavedView,
): string {
  const params = serialiseTableState(tableStateOfView(view), { filterIds: Object.keys(view.filters) });
  // Always named, even when empty (the view turned the list's sort off): an address with a table parameter is never
  // taken over by the user's default view of the list.
  params.set(TABLE_PARAMS.order, view.sort ?? '');
  return `${list.path(scope)}?${params.toString()}`;
}

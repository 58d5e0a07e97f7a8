import { useApi, useSession } from '@console/session/session-provider';
import { fetchSavedViews, savedViewHref, savedViewsQueryKey } from '@console/table/saved-views';
import type { SavedView } from '@domain/contract/saved-views';
import { canUseSavedViews, type SavedViewListDefinition, savedViewList } from '@domain/saved-views';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PaletteItem, PaletteSource } from './types';

// Saved views wherever the user moves (issue 26): the palette's 'View: …' entries, the `g v` picker (the palette's
// views page) and the entries under each list in the side bar. All read the account's views through one query, which
// the Views menu's writes invalidate (saved-views.ts), so a view saved in a list shows here at once.

export interface ViewEntry {
  view: SavedView;
  list: SavedViewListDefinition;
  /** The address that applies the view in the current scope. */
  href: string;
}

/** All the caller's views of the account, personal and shared. */
export function useAccountSavedViews(accountId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: accountId ? [...savedViewsQueryKey(accountId), 'all'] : ['saved-views', 'none'],
    queryFn: ({ signal }) => fetchSavedViews(api, accountId!, undefined, signal),
    enabled: accountId !== undefined,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * The views that open from here: their list must be readable and at the scope's level (a merchant-level view, such
 * as a merchant's subscriptions, opens inside the merchant on screen, so only there). Defaults first, then by name.
 */
export function useViewEntries(accountId: string | undefined, merchantId: string | undefined): ViewEntry[] {
  const { grants } = useSession();
  const { data } = useAccountSavedViews(accountId);
  return useMemo(() => {
    if (!accountId || !data) return [];
    const entries: ViewEntry[] = [];
    for (const view of data) {
      const list = savedViewList(view.list);
      if (!list || !canUseSavedViews(grants, list)) continue;
      if (list.level === 'merchant' && !merchantId) continue;
      entries.push({ view, list, href: savedViewHref(list, { accountId, merchantId }, view) });
    }
    return entries.sort(
      (a, b) => Number(b.view.isDefault) - Number(a.view.isDefault) || a.view.name.localeCompare(b.view.name),
    );
  }, [accountId, merchantId, data, grants]);
}

export const VIEWS_GROUP = 'Views';

function viewItem({ view, list, href }: ViewEntry, prefix: string): PaletteItem {
  const marks = [list.label, view.shared ? 'Shared' : 'Personal', ...(view.isDefault ? ['Default'] : [])];
  return {
    id: `view:${view.id}`,
    title: `${prefix}${view.name}`,
    subtitle: marks.join(' · '),
    detail: view.query || undefined,
    group: VIEWS_GROUP,
    keywords: ['view', 'saved view', list.label],
    onSelect: (context) => context.navigate(href),
  };
}

/** 'View: Declined this month' at the palette's root, and the bare names on the `g v` page. */
export function useSavedViewSources(accountId: string | undefined, merchantId: string | undefined): PaletteSource[] {
  const entries = useViewEntries(accountId, merchantId);
  return useMemo(() => {
    if (entries.length === 0) return [];
    const root = entries.map((entry) => viewItem(entry, 'View: '));
    const picker = entries.map((entry) => viewItem(entry, ''));
    return [
      // Typed for, not listed on the empty query: the recent records own that.
      { id: 'builtin:saved-views', items: () => root, minQueryLength: 1 },
      { id: 'builtin:saved-views-picker', page: 'views', items: () => picker },
    ];
  }, [entries]);
}

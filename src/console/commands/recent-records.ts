import type { ApiClient } from '@console/api/client';
import { chargebackDetailPath } from '@console/areas/chargebacks/chargeback-paths';
import { merchantDetailPath } from '@console/areas/merchants/merchant-paths';
import { midDetailPath } from '@console/areas/mids/mid-paths';
import { transactionDetailPath } from '@console/areas/transactions/transaction-paths';
import { useApi, useSession } from '@console/session/session-provider';
import { type RecentRecord, recentRecord, recentRecordList } from '@domain/contract/recent-records';
import { RECENT_RECORD_LIMITS, RECENT_RECORD_NOUNS, type RecentRecordKind } from '@domain/recent-records';
import { routeDetailPath } from '@domain/route-paths';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ownerLine } from './palette-record-sources';
import type { PaletteItem, PaletteSource } from './types';

// Recent records (issue 26): each detail screen of a transaction, case, MID, route or merchant says it was opened
// (useRecordOpened), and the palette's empty state lists what the server keeps for the user, on every device. Both
// calls are quiet: a record the server refuses or a failed call never moves the user or shows a message, since
// neither is something the user asked for.

/** The palette's heading for them, listed first on the empty query. */
export const RECENT_GROUP = 'Recent';

/** GET /user/recent-record: the user's records, newest first. */
export async function fetchRecentRecords(api: ApiClient, signal?: AbortSignal): Promise<readonly RecentRecord[]> {
  const { items } = await api.get('/user/recent-record', { schema: recentRecordList, quiet: true, signal });
  return items;
}

/** POST /user/recent-record: the user opened this record; the server names it. */
export function postRecordOpened(api: ApiClient, kind: RecentRecordKind, id: string): Promise<RecentRecord> {
  return api.post('/user/recent-record', { body: { kind, id }, schema: recentRecord, quiet: true });
}

// The last list this tab saw, per user (undefined until the server has answered once), so the palette shows it at
// once; an open puts its record first without waiting for the server.
const cache: { userId: string | undefined; items: readonly RecentRecord[] | undefined } = {
  userId: undefined,
  items: undefined,
};

function cached(userId: string): readonly RecentRecord[] | undefined {
  return cache.userId === userId ? cache.items : undefined;
}

function remember(userId: string, items: readonly RecentRecord[]): void {
  cache.userId = userId;
  cache.items = items.slice(0, RECENT_RECORD_LIMITS.listed);
}

/**
 * Records that the user opened a record, once the detail screen has it (pass undefined while it loads or failed):
 * fire and forget, once per record shown.
 */
export function useRecordOpened(kind: RecentRecordKind, id: string | undefined): void {
  const api = useApi();
  const { userId } = useSession();
  useEffect(() => {
    if (!id || !userId) return;
    postRecordOpened(api, kind, id)
      .then((record) => {
        remember(userId, [record, ...(cached(userId) ?? []).filter((item) => item.kind !== kind || item.id !== id)]);
      })
      // Not the user's concern: the list simply misses this record.
      .catch(() => undefined);
  }, [api, userId, kind, id]);
}

/**
 * Asks for the list once the user is signed in, so the palette's first opening lists it at once: recent records that
 * came in after the palette opened would land above the option cmdk had already selected, and Enter would run that one.
 */
export function usePrefetchRecentRecords(): void {
  const api = useApi();
  const { userId } = useSession();
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchRecentRecords(api, controller.signal)
      .then((items) => remember(userId, items))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, userId]);
}

/** The detail screen of a record, under its own account (and merchant). */
export function recentRecordPath(record: RecentRecord): string {
  const merchantId = record.merchantId ?? '';
  switch (record.kind) {
    case 'TRANSACTION':
      return transactionDetailPath({ accountId: record.accountId }, record.id);
    case 'CHARGEBACK':
      return chargebackDetailPath(record.accountId, record.id);
    case 'MID':
      return midDetailPath(record.accountId, merchantId, record.id);
    case 'ROUTE':
      return routeDetailPath(record.accountId, merchantId, record.id);
    case 'MERCHANT':
      return merchantDetailPath(record.accountId, record.id);
  }
}

export function recentRecordItem(record: RecentRecord): PaletteItem {
  const path = recentRecordPath(record);
  return {
    id: `recent:${record.kind}:${record.id}`,
    title: record.label,
    subtitle: RECENT_RECORD_NOUNS[record.kind],
    // Whose record it is, as for a pasted id: the account, and the merchant for the kinds that belong to one.
    detail: ownerLine(record.accountName, record.kind === 'MERCHANT' ? undefined : record.merchantName),
    group: RECENT_GROUP,
    onSelect: (context) => context.navigate(path),
  };
}

/**
 * The palette's 'Recent' group: listed on the empty query only (typing searches as before). The list an opening shows
 * stays put while it is open: cmdk keeps its selected option when items arrive above it, so a list that changed under
 * the user would make Enter open something else than the first row. Each opening asks the server again for the next
 * one (another device's opens); only an opening with no answer yet (a slow first sign-in) takes the answer live.
 */
export function useRecentRecordSources(): PaletteSource[] {
  const api = useApi();
  const { userId } = useSession();
  const [records, setRecords] = useState<readonly RecentRecord[] | undefined>(() =>
    userId ? cached(userId) : undefined,
  );
  const shownAtOpening = useRef(records !== undefined);

  useEffect(() => {
    if (!userId) return;
    fetchRecentRecords(api)
      .then((items) => {
        remember(userId, items);
        if (!shownAtOpening.current) setRecords(cached(userId));
      })
      // The palette works without them.
      .catch(() => undefined);
  }, [api, userId]);

  return useMemo(() => {
    if (!records || records.length === 0) return [];
    const items = records.map(recentRecordItem);
    return [{ id: 'builtin:recent-records', items: () => items, maxQueryLength: 0 }];
  }, [records]);
}

import type { ActivityEntry, ActivityListQuery } from '@domain/contract/activity';
import type { ListQuery } from '@domain/contract/common';
import { looksLikeIdPrefix } from '@domain/ids';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { merchants, userActivity } from '../../db/schema';
import type { SortKeys } from '../../lib/export/keyset';
import { containsPattern, prefixPattern } from '../../lib/list';

// Reads of the audit log. The where-builder, sort keys and columns are shared by the list and its export, so the
// file holds exactly the rows the table shows, in the same order.

/** Sortable fields of the audit log; every key is non-null so exports can resume batches after any row. */
export const ACTIVITY_SORT_KEYS: SortKeys = {
  date: { expression: userActivity.date, type: 'timestamptz' },
  actionType: { expression: userActivity.actionType, type: 'text' },
  resourceType: { expression: userActivity.resourceType, type: 'text' },
  user: {
    expression: sql`lower(coalesce(${userActivity.userName}, ${userActivity.userEmail}, ''))`,
    type: 'text',
  },
};
export const ACTIVITY_DEFAULT_ORDER = '-date';

export type ActivityFilters = Pick<
  ActivityListQuery,
  'actionType' | 'merchantId' | 'resourceType' | 'dateFrom' | 'dateTo' | 'search' | 'searchType'
>;

/**
 * Search by resource id (prefix) or by the acting user's name or e-mail (contains). Without searchType the resource id
 * is tried only for text that looks like one.
 */
export function activitySearch(search: string | undefined, searchType: ListQuery['searchType']): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const byResourceId = sql`lower(${userActivity.resourceId}) like ${prefixPattern(text)}`;
  const byUser = or(
    sql`lower(${userActivity.userName}) like ${containsPattern(text)}`,
    sql`lower(${userActivity.userEmail}) like ${containsPattern(text)}`,
  )!;
  if (searchType === 'ID') return byResourceId;
  if (searchType === 'TEXT') return byUser;
  return looksLikeIdPrefix(text) ? or(byUser, byResourceId) : byUser;
}

/** The entries of one account narrowed by the list's filters. */
export function activityWhere(accountId: string, filters: ActivityFilters): SQL {
  return and(
    eq(userActivity.accountId, accountId),
    filters.actionType?.length ? inArray(userActivity.actionType, filters.actionType) : undefined,
    filters.merchantId?.length ? inArray(userActivity.merchantId, filters.merchantId) : undefined,
    filters.resourceType?.length ? inArray(userActivity.resourceType, filters.resourceType) : undefined,
    filters.dateFrom ? gte(userActivity.date, new Date(filters.dateFrom)) : undefined,
    filters.dateTo ? lte(userActivity.date, new Date(filters.dateTo)) : undefined,
    activitySearch(filters.search, filters.searchType),
  )!;
}

/** Whether the resource's latest entry is a DELETE: the resource is gone and no link is offered. */
export const resourceDeleted = sql<boolean>`coalesce((
  select latest.action_type = 'DELETE' from ${userActivity} latest
  where latest.resource_type = ${userActivity.resourceType} and latest.resource_id = ${userActivity.resourceId}
  order by latest.date desc, latest.id desc
  limit 1
), false)`;

/** What an entry is listed with (values excluded: only the detail reads them). */
export const entryColumns = {
  id: userActivity.id,
  actionType: userActivity.actionType,
  resourceType: userActivity.resourceType,
  resourceId: userActivity.resourceId,
  userName: userActivity.userName,
  userEmail: userActivity.userEmail,
  accountId: userActivity.accountId,
  merchantId: userActivity.merchantId,
  merchantLegalName: merchants.merchantLegalName,
  date: userActivity.date,
};

export interface EntryRow {
  id: string;
  actionType: string;
  resourceType: string;
  resourceId: string;
  userName: string | null;
  userEmail: string | null;
  accountId: string | null;
  merchantId: string | null;
  merchantLegalName: string | null;
  date: Date;
}

export const merchantOfEntry = eq(merchants.id, userActivity.merchantId);

export function toActivityEntry(row: EntryRow & { resourceDeleted: boolean }): ActivityEntry {
  const hasUser = row.userName !== null || row.userEmail !== null;
  return {
    userActivityId: row.id,
    actionType: row.actionType as ActivityEntry['actionType'],
    resourceType: row.resourceType as ActivityEntry['resourceType'],
    resourceId: row.resourceId,
    user: hasUser ? { prettyName: row.userName ?? row.userEmail ?? '', email: row.userEmail ?? '' } : null,
    merchant:
      row.merchantId && row.merchantLegalName !== null
        ? { id: row.merchantId, merchantLegalName: row.merchantLegalName }
        : null,
    accountId: row.accountId,
    resourceDeleted: Boolean(row.resourceDeleted),
    date: row.date.toISOString(),
  };
}

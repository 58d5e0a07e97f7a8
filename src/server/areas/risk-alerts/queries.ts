import {
  type AccountRiskAlertListQuery,
  RISK_ALERT_DEFAULT_ORDER,
  type RiskAlertListItem,
  type RiskAlertListQuery,
  type RiskAlertSortField,
} from '@domain/contract/risk-alerts';
import type { AlertCardBrand, AlertStatus, AlertType } from '@domain/enums';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { transactionAlerts } from '../../db/schema';
import type { SortKey } from '../../lib/export/keyset';
import { containsPattern, escapeLike, idStartsWith, type PageWindow } from '../../lib/list';

// Reads of the risk alerts list (spec 3, sections 2.9, 3 "Transaction alert" and 7). The where-builder and the sort
// keys are shared by the merchant and account lists and their ZIP exports, so all filter and order alike. Every
// filter is a condition on `transaction_alerts` itself (amount, brand, MID and descriptor are copied from the
// payment), so the planner walks the (merchant or account, created_at desc, id desc) index and stops after a page.

export { RISK_ALERT_DEFAULT_ORDER };

/** The list's sortable fields; the tiebreaker (the id) sorts the same way, as the indexes hold it. */
export const RISK_ALERT_SORT_KEYS: Record<RiskAlertSortField, SortKey> = {
  creationDate: { expression: transactionAlerts.createdAt, type: 'timestamptz' },
  lastUpdateDate: { expression: transactionAlerts.updatedAt, type: 'timestamptz' },
};

/** The filters every list and export shares; merchantId[] is the account level's own. */
export type RiskAlertFilters = Omit<Partial<RiskAlertListQuery>, 'page' | 'limit' | 'order'> &
  Pick<Partial<AccountRiskAlertListQuery>, 'merchantId'>;

/** Whose alerts: one merchant (bound to its account too), or a whole account. */
export type RiskAlertScope = { accountId: string; merchantId?: string | undefined };

/**
 * 'Search by Transaction ID, CAID or MID ID'. The transaction id and the MID id match by prefix (a range on the
 * uuid); the CAID by prefix, as typed or in capitals (the schemes write them in capitals). searchType TEXT also looks
 * for the text inside the descriptor, ignoring case.
 */
export function riskAlertSearch(
  search: string | undefined,
  searchType: RiskAlertListQuery['searchType'],
): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const caids = [...new Set([text, text.toUpperCase()])].map(
    (value) => sql`${transactionAlerts.caid} like ${`${escapeLike(value)}%`}`,
  );
  const conditions: (SQL | undefined)[] = [
    idStartsWith(transactionAlerts.transactionId, text),
    idStartsWith(transactionAlerts.midId, text),
    ...caids,
  ];
  if (searchType === 'TEXT') {
    conditions.push(sql`lower(${transactionAlerts.descriptor}) like ${containsPattern(text)}`);
  }
  return or(...conditions);
}

const anyOf = (column: Parameters<typeof inArray>[0], values: readonly string[] | undefined) =>
  values?.length ? inArray(column, [...values]) : undefined;

/** The scope's alerts narrowed by the list's filters. */
export function riskAlertWhere(scope: RiskAlertScope, query: RiskAlertFilters): SQL {
  const t = transactionAlerts;
  const conditions: (SQL | undefined)[] = [
    eq(t.accountId, scope.accountId),
    scope.merchantId ? eq(t.merchantId, scope.merchantId) : undefined,
    anyOf(
      t.merchantId,
      query.merchantId?.map((id) => id.toLowerCase()),
    ),
    anyOf(t.status, query.status),
    anyOf(t.type, query.type),
    anyOf(t.cardBrand, query.paymentMethod),
    query.creationDateFrom ? gte(t.createdAt, new Date(query.creationDateFrom)) : undefined,
    query.creationDateTo ? lte(t.createdAt, new Date(query.creationDateTo)) : undefined,
    query.lastUpdateDateFrom ? gte(t.updatedAt, new Date(query.lastUpdateDateFrom)) : undefined,
    query.lastUpdateDateTo ? lte(t.updatedAt, new Date(query.lastUpdateDateTo)) : undefined,
    riskAlertSearch(query.search, query.searchType),
  ];
  return and(...conditions)!;
}

/** The columns a row is made of. */
export const riskAlertColumns = {
  id: transactionAlerts.id,
  transactionId: transactionAlerts.transactionId,
  merchantId: transactionAlerts.merchantId,
  status: transactionAlerts.status,
  type: transactionAlerts.type,
  descriptor: transactionAlerts.descriptor,
  caid: transactionAlerts.caid,
  midId: transactionAlerts.midId,
  amount: transactionAlerts.amount,
  currency: transactionAlerts.currency,
  cardBrand: transactionAlerts.cardBrand,
  createdAt: transactionAlerts.createdAt,
  updatedAt: transactionAlerts.updatedAt,
};

/** One page of the list in the resolved order. */
export function loadRiskAlertPage(db: Queryable, where: SQL, orderBy: SQL[], window: PageWindow) {
  return db
    .select(riskAlertColumns)
    .from(transactionAlerts)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

export type RiskAlertRow = Awaited<ReturnType<typeof loadRiskAlertPage>>[number];

export function toListItem(row: RiskAlertRow): RiskAlertListItem {
  return {
    id: row.id,
    transactionId: row.transactionId,
    merchantId: row.merchantId,
    status: row.status as AlertStatus,
    type: row.type as AlertType,
    descriptor: row.descriptor,
    caid: row.caid,
    midId: row.midId,
    money: { amount: Number(row.amount), currency: row.currency },
    paymentMethod: row.cardBrand as AlertCardBrand,
    creationDate: row.createdAt.toISOString(),
    lastUpdateDate: row.updatedAt.toISOString(),
  };
}

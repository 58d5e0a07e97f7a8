import type { PlanDetail, PlanListQuery } from '@domain/contract/plans';
import { isIdentifier } from '@domain/ids';
import type { BasicSettings } from '@domain/plans';
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { plans } from '../../db/schema';
import type { SortKeys } from '../../lib/export/keyset';
import { containsPattern, idStartsWith, type PageWindow } from '../../lib/list';

// The plans list and detail (spec 3, sections 2.11, 3 "Plan" and 7): always within one merchant, which the routes
// have already checked belongs to the caller. The settings are read as stored.

export const PLAN_SORT_KEYS: SortKeys = {
  description: { expression: sql`lower(${plans.description})`, type: 'text' },
  modifiedDate: { expression: plans.modifiedAt, type: 'timestamptz' },
  createdDate: { expression: plans.createdAt, type: 'timestamptz' },
};

/** The list's filters: the search (the name contains it, or the id starts with it) and the 'Last changes' range. */
export function planListWhere(merchantId: string, query: Omit<PlanListQuery, 'page' | 'limit' | 'order'>): SQL {
  const conditions: (SQL | undefined)[] = [eq(plans.merchantId, merchantId)];
  if (query.search) {
    conditions.push(
      or(sql`lower(${plans.description}) like ${containsPattern(query.search)}`, idStartsWith(plans.id, query.search)),
    );
  }
  if (query.modifiedDateFrom) conditions.push(gte(plans.modifiedAt, new Date(query.modifiedDateFrom)));
  if (query.modifiedDateTo) conditions.push(lte(plans.modifiedAt, new Date(query.modifiedDateTo)));
  return and(...conditions)!;
}

export type PlanRow = typeof plans.$inferSelect;

export function toPlanDetail(row: PlanRow): PlanDetail {
  return {
    planId: row.id,
    merchantId: row.merchantId,
    description: row.description,
    basicSettings: row.basicSettings as PlanDetail['basicSettings'],
    amountSettings: row.amountSettings as PlanDetail['amountSettings'],
    trialSettings: (row.trialSettings ?? null) as PlanDetail['trialSettings'],
    retrySettings: (row.retrySettings ?? null) as PlanDetail['retrySettings'],
    cancellationSettings: (row.cancellationSettings ?? null) as PlanDetail['cancellationSettings'],
    createdDate: row.createdAt.toISOString(),
    modifiedDate: row.modifiedAt.toISOString(),
    version: row.version,
  };
}

export async function loadPlanPage(db: Queryable, where: SQL, orderBy: SQL[], window: PageWindow) {
  const rows = await db
    .select()
    .from(plans)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toPlanDetail);
}

/** The merchant's plan; undefined for an unknown id or another merchant's plan. */
export async function planRow(db: Queryable, merchantId: string, planId: string, lock = false) {
  if (!isIdentifier(planId)) return undefined;
  const query = db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.merchantId, merchantId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export const storedBasicSettings = (row: PlanRow) => row.basicSettings as BasicSettings;

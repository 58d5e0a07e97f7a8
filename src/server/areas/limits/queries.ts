import type { CardBrandLimit, GlobalLimit, LimitNode, MidLimit } from '@domain/contract/limits';
import { counterRangeDays, type LimitCardBrand, limitCardBrandsOf, takesDescriptorLimits } from '@domain/limits';
import { and, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { limitCardBrandSql } from '../../db/limit-sql';
import { isLimitSale } from '../../db/sales-rollup';
import { limits, salesRollup } from '../../db/schema';
import { type PspMid, type PspScope, pspMids } from '../../plugins/psp-scope';

// Reads of the limits area: the limit trees the API answers, within the scope plugins/psp-scope.ts resolved.

/** A MID of the scope: where a MID's tree lives. */
export type MidScope = PspScope & PspMid;

export type LimitRow = typeof limits.$inferSelect;

/** The global limit's row: the one without a MID. */
export const globalScope = (scope: PspScope): SQL =>
  and(eq(limits.merchantId, scope.merchantId), eq(limits.solutionId, scope.solutionId), isNull(limits.midId))!;

/** Every row of a MID's tree: the MID's own, its card brands' and their descriptors'. */
export const midTreeScope = (scope: MidScope): SQL =>
  and(eq(limits.merchantId, scope.merchantId), eq(limits.solutionId, scope.solutionId), eq(limits.midId, scope.midId))!;

/** The MID's own row within its tree: no card brand. */
export const isMidRow = (row: LimitRow) => row.cardBrand === null;

const EMPTY_NODE: LimitNode = { limitId: null, total: null, daily: null, alert: null };

export function toNode(row: LimitRow | undefined): LimitNode {
  if (!row) return EMPTY_NODE;
  return {
    limitId: row.id,
    total: row.total,
    daily: row.daily,
    alert: row.alertPercentage === null ? null : { percentage: row.alertPercentage },
  };
}

/** The global limit and the solution's MIDs, whose boxes the Limits & Alerts tab lists under it. */
export async function loadGlobalLimit(db: Queryable, scope: PspScope): Promise<GlobalLimit> {
  const [[row], scopeMids] = await Promise.all([
    db.select().from(limits).where(globalScope(scope)),
    pspMids(db, scope),
  ]);
  return {
    ...toNode(row),
    version: row?.version ?? 0,
    mids: scopeMids.map(({ cardBrands: _accepted, ...mid }) => mid),
  };
}

/**
 * The descriptors a MID's sales on a card brand group carried this calendar month and the two before it (UTC, by the
 * app clock), read from the daily rollup.
 */
async function recentDescriptors(
  db: Queryable,
  scope: MidScope,
  cardBrand: LimitCardBrand,
  now: Date,
): Promise<string[]> {
  const { from } = counterRangeDays('twoMonthsAgo', now);
  const { to } = counterRangeDays('today', now);
  const rows = await db
    .selectDistinct({ descriptor: salesRollup.descriptor })
    .from(salesRollup)
    .where(
      and(
        eq(salesRollup.accountId, scope.accountId),
        eq(salesRollup.merchantId, scope.merchantId),
        gte(salesRollup.day, from),
        lte(salesRollup.day, to),
        eq(salesRollup.solutionId, scope.solutionId),
        eq(salesRollup.midId, scope.midId),
        sql`${limitCardBrandSql(sql`${salesRollup.cardBrand}`)} = ${cardBrand}`,
        isNotNull(salesRollup.descriptor),
        isLimitSale(),
      ),
    );
  return rows.map((row) => row.descriptor!);
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** One card brand group's node and, where it takes them, its descriptors': recent sales' and saved ones, by name. */
async function cardBrandLimit(
  db: Queryable,
  scope: MidScope,
  name: LimitCardBrand,
  rows: LimitRow[],
  now: Date,
): Promise<CardBrandLimit> {
  const ofBrand = rows.filter((row) => row.cardBrand === name);
  const saved = new Map(ofBrand.filter((row) => row.descriptor !== null).map((row) => [row.descriptor!, row]));
  const descriptorsConfigurable = takesDescriptorLimits(name);
  const names = descriptorsConfigurable
    ? new Set([...(await recentDescriptors(db, scope, name, now)), ...saved.keys()])
    : new Set<string>();
  return {
    name,
    descriptorsConfigurable,
    ...toNode(ofBrand.find((row) => row.descriptor === null)),
    descriptors: [...names].sort(byName).map((descriptor) => ({ name: descriptor, ...toNode(saved.get(descriptor)) })),
  };
}

/**
 * A MID's limit tree: its own node, then each card brand group it takes (all three when it accepts any brand) or has
 * a saved limit on, with its descriptors.
 */
export async function loadMidLimit(db: Queryable, scope: MidScope, now: Date): Promise<MidLimit> {
  const rows = await db.select().from(limits).where(midTreeScope(scope));
  const midRow = rows.find(isMidRow);
  const saved = rows.flatMap((row) => (row.cardBrand === null ? [] : [row.cardBrand as LimitCardBrand]));
  const cardBrands: CardBrandLimit[] = [];
  for (const name of limitCardBrandsOf(scope.cardBrands, saved)) {
    cardBrands.push(await cardBrandLimit(db, scope, name, rows, now));
  }
  return {
    ...toNode(midRow),
    midId: scope.midId,
    description: scope.description,
    midAcquirerId: scope.midAcquirerId,
    version: midRow?.version ?? 0,
    cardBrands,
  };
}

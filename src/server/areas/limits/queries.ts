import type { CardBrandLimit, GlobalLimit, LimitNode, MidLimit } from '@domain/contract/limits';
import { isIdentifier } from '@domain/ids';
import { counterRangeDays, LIMIT_CARD_BRANDS } from '@domain/limits';
import { and, eq, exists, gte, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { isLimitSale } from '../../db/sales-rollup';
import { limits, mids, salesRollup, solutions } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';

// Reads of the limits area: the caller's scope (merchant, provider solution, MID) and the limit trees the API
// answers. A scope the caller may not reach answers 404, whatever the reason, like an unknown id.

/** A merchant on one provider solution (the API's pspId): where a global limit and the MID trees live. */
export interface PspScope {
  accountId: string;
  merchantId: string;
  solutionId: string;
}

export interface MidScope extends PspScope {
  midId: string;
  description: string;
  midAcquirerId: string;
}

export type LimitRow = typeof limits.$inferSelect;

/**
 * The merchant and provider solution of a /merchant/{merchantId}/psp/{pspId}/... call: the solution must be the
 * merchant's account's and carry at least one of the merchant's MIDs (the counters' 'Provider - Solution' list).
 */
export async function pspOfCaller(
  db: Queryable,
  auth: Pick<AuthContext, 'accountIds'>,
  params: { merchantId: string; pspId: string },
): Promise<PspScope> {
  const { merchantId, accountId } = await merchantOfCaller(db, auth, params.merchantId);
  if (!isIdentifier(params.pspId)) throw notFound();
  const [row] = await db
    .select({ id: solutions.id })
    .from(solutions)
    .where(
      and(
        eq(solutions.id, params.pspId),
        eq(solutions.accountId, accountId),
        exists(
          db
            .select({ id: mids.id })
            .from(mids)
            .where(and(eq(mids.merchantId, merchantId), eq(mids.solutionId, solutions.id))),
        ),
      ),
    );
  if (!row) throw notFound();
  return { accountId, merchantId, solutionId: row.id };
}

/** The MID of a .../psp/{pspId}/mid/{midId}/... call: the merchant's, on that provider solution. */
export async function midOfCaller(
  db: Queryable,
  auth: Pick<AuthContext, 'accountIds'>,
  params: { merchantId: string; pspId: string; midId: string },
): Promise<MidScope> {
  const psp = await pspOfCaller(db, auth, params);
  if (!isIdentifier(params.midId)) throw notFound();
  const [mid] = await db
    .select({ description: mids.description, midAcquirerId: mids.midAcquirerId })
    .from(mids)
    .where(and(eq(mids.id, params.midId), eq(mids.merchantId, psp.merchantId), eq(mids.solutionId, psp.solutionId)));
  if (!mid) throw notFound();
  return { ...psp, midId: params.midId, ...mid };
}

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

export async function loadGlobalLimit(db: Queryable, scope: PspScope): Promise<GlobalLimit> {
  const [row] = await db.select().from(limits).where(globalScope(scope));
  return { ...toNode(row), version: row?.version ?? 0 };
}

/**
 * The descriptors a MID's sales on a card brand carried this calendar month and the two before it (UTC, by the app
 * clock), read from the daily rollup.
 */
async function recentDescriptors(db: Queryable, scope: MidScope, cardBrand: string, now: Date): Promise<string[]> {
  const { from } = counterRangeDays('twoMonthsAgo', now);
  const { to } = counterRangeDays('today', now);
  const rows = await db
    .selectDistinct({ descriptor: salesRollup.descriptor })
    .from(salesRollup)
    .where(
      and(
        eq(salesRollup.merchantId, scope.merchantId),
        gte(salesRollup.day, from),
        lte(salesRollup.day, to),
        eq(salesRollup.solutionId, scope.solutionId),
        eq(salesRollup.midId, scope.midId),
        eq(salesRollup.cardBrand, cardBrand),
        isNotNull(salesRollup.descriptor),
        isLimitSale(),
      ),
    );
  return rows.map((row) => row.descriptor!);
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** One card brand's node and, where they are configurable, its descriptors': recent sales' and saved ones, by name. */
async function cardBrandLimit(
  db: Queryable,
  scope: MidScope,
  brand: (typeof LIMIT_CARD_BRANDS)[number],
  rows: LimitRow[],
  now: Date,
): Promise<CardBrandLimit> {
  const ofBrand = rows.filter((row) => row.cardBrand === brand.name);
  const saved = new Map(ofBrand.filter((row) => row.descriptor !== null).map((row) => [row.descriptor!, row]));
  const names = brand.descriptorsConfigurable
    ? new Set([...(await recentDescriptors(db, scope, brand.name, now)), ...saved.keys()])
    : new Set<string>();
  return {
    name: brand.name,
    descriptorsConfigurable: brand.descriptorsConfigurable,
    ...toNode(ofBrand.find((row) => row.descriptor === null)),
    descriptors: [...names].sort(byName).map((name) => ({ name, ...toNode(saved.get(name)) })),
  };
}

/** A MID's limit tree: its own node, then each card brand the limits list (Visa, Mastercard) with its descriptors. */
export async function loadMidLimit(db: Queryable, scope: MidScope, now: Date): Promise<MidLimit> {
  const rows = await db.select().from(limits).where(midTreeScope(scope));
  const midRow = rows.find(isMidRow);
  const cardBrands: CardBrandLimit[] = [];
  for (const brand of LIMIT_CARD_BRANDS) cardBrands.push(await cardBrandLimit(db, scope, brand, rows, now));
  return {
    ...toNode(midRow),
    midId: scope.midId,
    description: scope.description,
    midAcquirerId: scope.midAcquirerId,
    version: midRow?.version ?? 0,
    cardBrands,
  };
}

import { randomUUID } from 'node:crypto';
import { ROUTE_MESSAGES, type RouteSave, type RouteUpdate } from '@domain/contract/routes';
import { isIdentifier } from '@domain/ids';
import { badConfigOf, FALLBACK_MESSAGES, fallbackProblem } from '@domain/routes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { mids, routes, transactions } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { listVariables } from '../lists/service';

// Route writes (spec 2, sections 2.4, 4, 5 and 8). Each call is one transaction with its audit entries (resource type
// ROUTE): several rows are saved together or not at all. The rules hold here whatever the wizard shows: the MIDs
// must be the merchant's, a fallback MID only with synchronous MIDs, and both MIDs must take every order the route's
// variables let through (mid-bad-config, fallback-bad-config, mids-bad-config).

export interface RouteDeps {
  db: Queryable & { transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> };
  now: () => number;
}

export interface RouteTarget {
  merchantId: string;
  accountId: string;
}

type RouteRecord = typeof routes.$inferSelect;

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/** The rules of one row, against the merchant's MIDs; `at` prefixes field names for a row of several ('routes.3'). */
async function checkRow(tx: Queryable, target: RouteTarget, row: RouteSave, at = '') {
  const ids = [row.midId, ...(row.fallbackMidId ? [row.fallbackMidId] : [])];
  // Shared locks: a MID edit checks the routes that use the MID against its new variables (lockedMid in
  // mids/service.ts), so it must not commit between this check and the route's save.
  const found = await tx
    .select()
    .from(mids)
    .where(and(eq(mids.merchantId, target.merchantId), inArray(mids.id, ids)))
    .for('share');
  const mid = found.find((item) => item.id === row.midId);
  if (!mid) throw formError({ [`${at}midId`]: ROUTE_MESSAGES.midRequired });
  const fallback = row.fallbackMidId ? found.find((item) => item.id === row.fallbackMidId) : null;
  if (fallback === undefined) throw formError({ [`${at}fallbackMidId`]: ROUTE_MESSAGES.midRequired });
  const problem = fallback ? fallbackProblem(mid, fallback) : null;
  if (problem) throw formError({ [`${at}fallbackMidId`]: FALLBACK_MESSAGES[problem] });
  const bad = badConfigOf(row, mid, fallback);
  if (bad) throw new ApiError(409, bad);
}

const savedFields = (row: RouteSave) => ({
  description: row.routeDescription,
  midId: row.midId,
  fallbackMidId: row.fallbackMidId ?? null,
  weight: row.weight,
  priority: row.priority,
  currency: row.currency,
  issuerCountry: row.issuerCountry,
  cardBrand: row.cardBrand,
  url: row.url,
  customTag: row.customTag,
  binCode: row.binCode,
});

/** The route as its audit entry shows it. */
const auditValue = (record: RouteRecord, extra: Record<string, unknown> = {}) => ({
  routeDescription: record.description,
  midId: record.midId,
  fallbackMidId: record.fallbackMidId,
  weight: record.weight,
  priority: record.priority,
  currency: record.currency,
  issuerCountry: record.issuerCountry,
  cardBrand: record.cardBrand,
  url: record.url,
  customTag: record.customTag,
  binCode: record.binCode,
  ...extra,
});

async function insertRows(
  tx: Queryable,
  auth: AuthContext,
  target: RouteTarget,
  rows: readonly RouteSave[],
  at: Date,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, row] of rows.entries()) {
    await checkRow(tx, target, row, rows.length > 1 ? `routes.${index}.` : '');
    await listVariables(tx, auth, target, row, at);
    const [record] = await tx
      .insert(routes)
      .values({
        id: randomUUID(),
        accountId: target.accountId,
        merchantId: target.merchantId,
        ...savedFields(row),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'INSERT',
      resourceType: 'ROUTE',
      resourceId: record!.id,
      newValue: auditValue(record!, extra),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
    ids.push(record!.id);
  }
  return ids;
}

/** POST /merchant/{merchantId}/route and /routes: every row, or none. Answers the new ids in the order sent. */
export async function createRoutes(
  deps: RouteDeps,
  auth: AuthContext,
  target: RouteTarget,
  rows: readonly RouteSave[],
): Promise<string[]> {
  return deps.db.transaction((tx) => insertRows(tx, auth, target, rows, new Date(deps.now())));
}

async function lockedRoute(tx: Queryable, target: RouteTarget, routeId: string): Promise<RouteRecord> {
  if (!isIdentifier(routeId)) throw notFound();
  const [record] = await tx
    .select()
    .from(routes)
    .where(and(eq(routes.id, routeId), eq(routes.merchantId, target.merchantId)))
    .for('update');
  if (!record) throw notFound();
  return record;
}

/**
 * PUT /merchant/{merchantId}/route/{routeId}, compare-and-set on `version`: the row lock orders parallel edits, and
 * each one after the first finds a newer version than the one it names (409 route-changed).
 */
export async function updateRoute(
  deps: RouteDeps,
  auth: AuthContext,
  target: RouteTarget,
  routeId: string,
  input: RouteUpdate,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockedRoute(tx, target, routeId);
    if (input.version !== before.version) throw new ApiError(409, 'route-changed');
    await checkRow(tx, target, input);
    const at = new Date(deps.now());
    await listVariables(tx, auth, target, input, at);
    const [after] = await tx
      .update(routes)
      .set({ ...savedFields(input), version: before.version + 1, updatedAt: at })
      .where(eq(routes.id, routeId))
      .returning();
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'ROUTE',
      resourceId: routeId,
      oldValue: auditValue(before),
      newValue: auditValue(after!),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
  });
}

/**
 * DELETE /merchant/{merchantId}/route/{routeId}. A route that payments went through stays for their records (409
 * route-with-transactions); weight 0 stops it taking payments.
 */
export async function deleteRoute(deps: RouteDeps, auth: AuthContext, target: RouteTarget, routeId: string) {
  await deps.db.transaction(async (tx) => {
    const record = await lockedRoute(tx, target, routeId);
    const [used] = await tx
      .select({ one: sql`1` })
      .from(transactions)
      .where(and(eq(transactions.accountId, target.accountId), eq(transactions.routeId, routeId)))
      .limit(1);
    if (used) throw new ApiError(409, 'route-with-transactions');
    await tx.delete(routes).where(eq(routes.id, routeId));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'ROUTE',
      resourceId: routeId,
      oldValue: auditValue(record),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
  });
}

/** Duplicate (spec 2, section 3): the same data with weight 0, its description prefixed 'Copy of '. */
export async function duplicateRoute(
  deps: RouteDeps,
  auth: AuthContext,
  target: RouteTarget,
  routeId: string,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const source = await lockedRoute(tx, target, routeId);
    const copy: RouteSave = {
      routeDescription: `${ROUTE_MESSAGES.copyOf}${source.description}`.slice(0, 100),
      midId: source.midId,
      fallbackMidId: source.fallbackMidId,
      weight: 0,
      priority: source.priority,
      currency: source.currency,
      issuerCountry: source.issuerCountry,
      cardBrand: source.cardBrand,
      url: source.url,
      customTag: source.customTag,
      binCode: source.binCode,
    };
    const [id] = await insertRows(tx, auth, target, [copy], new Date(deps.now()), { duplicateOf: routeId });
    return id!;
  });
}

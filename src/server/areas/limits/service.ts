import type { AlertSaved, GlobalLimit, GlobalLimitSave, MidLimit, MidLimitSave } from '@domain/contract/limits';
import { fractionToPercent, hasLimit, type LimitPair, percentToFraction, takesDescriptorLimits } from '@domain/limits';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { limits } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import type { PspScope } from '../../plugins/psp-scope';
import { merchantOfCaller } from '../merchants/queries';
import {
  globalScope,
  isMidRow,
  type LimitRow,
  loadGlobalLimit,
  loadMidLimit,
  type MidScope,
  midTreeScope,
} from './queries';

// Limit and alert writes (spec 3, sections 3, 4 and 7). Each is one transaction with its audit entry.
//
// Limits are compare-and-set: the global limit's row, and the MID's own row for the MID's whole tree (card brands and
// descriptors included), hold a version that every save raises. A save names the version it was based on; any other
// is refused with 409 limit-changed. The row is locked while the version is checked, and the first save of a scope
// inserts with ON CONFLICT DO NOTHING, so of two first saves the loser finds the winner's row and hears 409 too.
// Values are stored as given: the 30-day derivation (effectiveLimits) is applied where sales are counted, so a user's
// "daily only" stays daily only. An alert needs a limit (hasLimit): a node whose limits are both cleared loses its
// alert. A save may set a node's alert with its limits (a limit saved for the first time has no id the alert calls
// could name yet): that needs alert.update, as the alert calls do.
//
// Alerts are last-write-wins, as the modal warns, so they carry no version; they lock their row so a limit save
// clearing the same node cannot interleave with the check that a limit exists.

export type LimitDeps = Pick<AppDeps, 'db' | 'now'>;

const limitChanged = () => new ApiError(409, 'limit-changed');

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/** An alert's percentage as stored: the fraction of the whole percent it stands for. */
const storedFraction = (fraction: number) => percentToFraction(fractionToPercent(fraction));

/** A node of a save: its limits and, when the save sets one, its alert. */
interface SavedNode extends LimitPair {
  alert?: { percentage: number } | undefined;
}

/** The values of a row a save writes: the limits as given, the alert set with them, or dropped when no limit is left. */
const savedValues = (node: SavedNode, at: Date) => ({
  total: node.total,
  daily: node.daily,
  ...(node.alert ? { alertPercentage: storedFraction(node.alert.percentage) } : {}),
  ...(hasLimit(node) ? {} : { alertPercentage: null }),
  updatedAt: at,
});

/** Every node of a save, the MID's or the global one first. */
const nodesOfSave = (input: SavedNode & { cardBrands?: MidLimitSave['cardBrands'] }): SavedNode[] => [
  input,
  ...(input.cardBrands ?? []).flatMap((brand) => [brand, ...brand.descriptors]),
];

/** A save that sets an alert needs the alerts' permission too. */
function checkAlertsAllowed(auth: AuthContext, input: GlobalLimitSave | MidLimitSave): void {
  if (nodesOfSave(input).some((node) => node.alert) && !can(auth, P.alertUpdate)) {
    throw new ApiError(403, 'resource-not-found');
  }
}

/** A limit row as its audit entry shows it. */
const auditNode = (row: LimitRow) => ({ total: row.total, daily: row.daily, alertPercentage: row.alertPercentage });

/**
 * The row of a compare-and-set scope, locked, after checking the version the save was based on: the stored row raised
 * by one, or a new row when nothing was saved yet (version 0). Answers the row before and after.
 */
async function claimVersion(
  tx: Queryable,
  stored: LimitRow | undefined,
  basedOn: number,
  insert: typeof limits.$inferInsert,
  pair: SavedNode,
  at: Date,
): Promise<{ before: LimitRow | undefined; after: LimitRow }> {
  if (!stored) {
    if (basedOn !== 0) throw limitChanged();
    const [created] = await tx
      .insert(limits)
      .values({ ...insert, ...savedValues(pair, at), createdAt: at })
      .onConflictDoNothing()
      .returning();
    // Another first save committed while this one waited on the unique key.
    if (!created) throw limitChanged();
    return { before: undefined, after: created };
  }
  if (basedOn !== stored.version) throw limitChanged();
  const [after] = await tx
    .update(limits)
    .set({ ...savedValues(pair, at), version: stored.version + 1 })
    .where(eq(limits.id, stored.id))
    .returning();
  return { before: stored, after: after! };
}

/** PUT /merchant/{merchantId}/psp/{pspId}/limit. */
export async function saveGlobalLimit(
  deps: LimitDeps,
  auth: AuthContext,
  scope: PspScope,
  input: GlobalLimitSave,
): Promise<GlobalLimit> {
  checkAlertsAllowed(auth, input);
  return deps.db.transaction(async (tx) => {
    const [stored] = await tx.select().from(limits).where(globalScope(scope)).for('update');
    const { before, after } = await claimVersion(tx, stored, input.version, scope, input, new Date(deps.now()));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: before ? 'UPDATE' : 'INSERT',
      resourceType: 'GLOBAL_LIMIT',
      resourceId: after.id,
      oldValue: before && { solutionId: scope.solutionId, ...auditNode(before) },
      newValue: { solutionId: scope.solutionId, ...auditNode(after) },
      accountId: scope.accountId,
      merchantId: scope.merchantId,
    });
    return loadGlobalLimit(tx, scope);
  });
}

/** Descriptor limits only where the brand has them (Visa): a descriptor on Mastercard is a 400 naming it. */
function checkDescriptorsAllowed(input: MidLimitSave): void {
  input.cardBrands.forEach((brand, index) => {
    if (!takesDescriptorLimits(brand.name) && brand.descriptors.length > 0) {
      throw formError({ [`cardBrands.${index}.descriptors`]: `${brand.name} has no descriptor limits` });
    }
  });
}

/** A MID's tree as its audit entry shows it: the saved rows, by brand and descriptor. */
function auditTree(scope: MidScope, rows: LimitRow[]) {
  const midRow = rows.find(isMidRow);
  const brandNames = [...new Set(rows.filter((row) => row.cardBrand !== null).map((row) => row.cardBrand!))].sort();
  return {
    midId: scope.midId,
    solutionId: scope.solutionId,
    ...(midRow ? auditNode(midRow) : { total: null, daily: null, alertPercentage: null }),
    cardBrands: brandNames.map((name) => {
      const brandRow = rows.find((row) => row.cardBrand === name && row.descriptor === null);
      return {
        name,
        ...(brandRow ? auditNode(brandRow) : { total: null, daily: null, alertPercentage: null }),
        descriptors: rows
          .filter((row) => row.cardBrand === name && row.descriptor !== null)
          .sort((a, b) => a.descriptor!.localeCompare(b.descriptor!, 'en'))
          .map((row) => ({ name: row.descriptor!, ...auditNode(row) })),
      };
    }),
  };
}

/**
 * Writes the card brand and descriptor nodes a tree save names; the MID's row is already locked, so no other save of
 * this tree runs meanwhile. A node without a row and without limits gets none (there is nothing to keep); a node whose
 * values did not change is left alone.
 */
async function writeBrandNodes(
  tx: Queryable,
  scope: MidScope,
  stored: LimitRow[],
  input: MidLimitSave,
  at: Date,
): Promise<void> {
  const nodes = input.cardBrands.flatMap((brand) => [
    { cardBrand: brand.name, descriptor: null as string | null, pair: brand },
    ...brand.descriptors.map((descriptor) => ({
      cardBrand: brand.name,
      descriptor: descriptor.name,
      pair: descriptor,
    })),
  ]);
  const inserts: (typeof limits.$inferInsert)[] = [];
  for (const node of nodes) {
    const row = stored.find(
      (candidate) => candidate.cardBrand === node.cardBrand && candidate.descriptor === node.descriptor,
    );
    if (row) {
      if (row.total === node.pair.total && row.daily === node.pair.daily && !node.pair.alert) continue;
      await tx.update(limits).set(savedValues(node.pair, at)).where(eq(limits.id, row.id));
    } else if (hasLimit(node.pair)) {
      inserts.push({
        accountId: scope.accountId,
        merchantId: scope.merchantId,
        solutionId: scope.solutionId,
        midId: scope.midId,
        cardBrand: node.cardBrand,
        descriptor: node.descriptor,
        ...savedValues(node.pair, at),
        createdAt: at,
      });
    }
  }
  if (inserts.length > 0) await tx.insert(limits).values(inserts);
}

/** PUT /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit: the MID's node and the brands and descriptors given. */
export async function saveMidLimit(
  deps: LimitDeps,
  auth: AuthContext,
  scope: MidScope,
  input: MidLimitSave,
): Promise<MidLimit> {
  try {
    return await saveMidTree(deps, auth, scope, input);
  } catch (error) {
    // The MID left this solution (PUT /mid moved it) after the scope was read: the limits' (mid_id, solution_id)
    // key refused the new row, and the MID is not found here any more.
    throw isForeignKeyViolation(error) ? notFound() : error;
  }
}

async function saveMidTree(
  deps: LimitDeps,
  auth: AuthContext,
  scope: MidScope,
  input: MidLimitSave,
): Promise<MidLimit> {
  checkDescriptorsAllowed(input);
  checkAlertsAllowed(auth, input);
  const at = new Date(deps.now());
  return deps.db.transaction(async (tx) => {
    // The MID's row first: it holds the tree's version, and locking it before the others keeps one lock order.
    const [midRow] = await tx
      .select()
      .from(limits)
      .where(and(midTreeScope(scope), isNull(limits.cardBrand)))
      .for('update');
    const { before: midBefore, after: midAfter } = await claimVersion(
      tx,
      midRow,
      input.version,
      { accountId: scope.accountId, merchantId: scope.merchantId, solutionId: scope.solutionId, midId: scope.midId },
      input,
      at,
    );
    const branches = await tx
      .select()
      .from(limits)
      .where(and(midTreeScope(scope), isNotNull(limits.cardBrand)))
      .for('update');
    await writeBrandNodes(tx, scope, branches, input, at);
    const after = await tx.select().from(limits).where(midTreeScope(scope));
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: midBefore ? 'UPDATE' : 'INSERT',
      resourceType: 'MID_LIMIT',
      resourceId: midAfter.id,
      oldValue: midBefore && auditTree(scope, [midBefore, ...branches]),
      newValue: auditTree(scope, after),
      accountId: scope.accountId,
      merchantId: scope.merchantId,
    });
    return loadMidLimit(tx, scope, at);
  });
}

/**
 * The limit row of a /limit/{limitId}/alert call, locked, when its merchant is the caller's; otherwise 404, the same
 * for an unknown id and another tenant's.
 */
async function lockedLimit(tx: Queryable, auth: AuthContext, limitId: string): Promise<LimitRow> {
  const [row] = await tx.select().from(limits).where(eq(limits.id, limitId)).for('update');
  if (!row) throw notFound();
  await merchantOfCaller(tx, auth, row.merchantId);
  return row;
}

/** An alert's audit entry: the global limit's or a MID tree node's, with the scope it warns about. */
async function auditAlert(
  tx: Queryable,
  auth: AuthContext,
  actionType: 'INSERT' | 'UPDATE' | 'DELETE',
  before: LimitRow,
  percentage: number | null,
) {
  const scope = {
    solutionId: before.solutionId,
    midId: before.midId,
    cardBrand: before.cardBrand,
    descriptor: before.descriptor,
  };
  await recordActivity(tx, {
    actor: actorOf(auth),
    actionType,
    resourceType: before.midId === null ? 'GLOBAL_LIMIT_ALERT' : 'MID_LIMIT_ALERT',
    resourceId: before.id,
    oldValue: { ...scope, percentage: before.alertPercentage },
    newValue: { ...scope, percentage },
    accountId: before.accountId,
    merchantId: before.merchantId,
  });
}

/** PUT /limit/{limitId}/alert. The percentage is a fraction of whole percents; it is stored rounded to them. */
export async function saveAlert(
  deps: LimitDeps,
  auth: AuthContext,
  limitId: string,
  fraction: number,
): Promise<AlertSaved> {
  const percentage = storedFraction(fraction);
  return deps.db.transaction(async (tx) => {
    const before = await lockedLimit(tx, auth, limitId);
    if (!hasLimit(before)) throw new ApiError(409, 'alert-without-limit');
    await tx
      .update(limits)
      .set({ alertPercentage: percentage, updatedAt: new Date(deps.now()) })
      .where(eq(limits.id, limitId));
    await auditAlert(tx, auth, before.alertPercentage === null ? 'INSERT' : 'UPDATE', before, percentage);
    return { limitId, alert: { percentage } };
  });
}

/** DELETE /limit/{limitId}/alert: 404 when the limit has no alert. */
export async function deleteAlert(deps: LimitDeps, auth: AuthContext, limitId: string): Promise<AlertSaved> {
  return deps.db.transaction(async (tx) => {
    const before = await lockedLimit(tx, auth, limitId);
    if (before.alertPercentage === null) throw notFound();
    await tx
      .update(limits)
      .set({ alertPercentage: null, updatedAt: new Date(deps.now()) })
      .where(eq(limits.id, limitId));
    await auditAlert(tx, auth, 'DELETE', before, null);
    return { limitId, alert: null };
  });
}

import { randomUUID } from 'node:crypto';
import type { MidEdit, MidSave } from '@domain/contract/mids';
import { customConfigSchema, MID_MESSAGES, type TemplateField } from '@domain/mids';
import { routesBrokenByMidEdit } from '@domain/routes';
import type { RoutingCriterion } from '@domain/routing-criteria';
import { fieldErrors } from '@domain/validation';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accountProviders, acquirers, limits, mids, solutions } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import type { SecretBox } from '../../lib/secret-box';
import { splitConfig, templateOf } from '../../payments/acquirer-templates';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { listVariables } from '../lists/service';
import { hasTransactions, routesUsing } from './queries';

// MID writes (spec 2, sections 2.3, 4, 5 and 8). Each is one transaction with its audit entry (resource type MID).
// The rules hold here, whatever the console shows: the provider and solution must be the account's; the template
// decides customConfig; a MID with payments keeps its provider and solution and cannot be deleted; a MID that routes
// use cannot be deleted, nor given variables that refuse their orders (routing rule 7). Credentials are sealed with
// the MID's id and never leave the server or enter the audit log.
//
// An edit locks the MID's row before it reads the routes that use it, and a route save locks its MIDs (shared) before
// it checks them (routes/service.ts): whichever commits second sees the first. A MID moved to another solution takes
// its limits and alerts with it (the limits' (mid_id, solution_id) key cascades), each tree with an audit entry.

export interface MidDeps {
  db: Queryable & { transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> };
  now: () => number;
  secrets: SecretBox;
}

export interface MidTarget {
  merchantId: string;
  accountId: string;
}

type MidRecord = typeof mids.$inferSelect;

const formError = (fields: Record<string, string>) =>
  new ApiError(400, 'form-not-validated', 'Form not validated', { fields });

/** The acquirer and solution, when both are the account's and the solution is the acquirer's; else a 400. */
async function placementOf(tx: Queryable, accountId: string, input: Pick<MidSave, 'acquirerId' | 'solutionId'>) {
  const [row] = await tx
    .select({ acquirerName: acquirers.prettyName, solutionAcquirerId: solutions.acquirerId })
    .from(accountProviders)
    .innerJoin(acquirers, eq(acquirers.id, accountProviders.acquirerId))
    // A solution that is not the account's (or was just removed) is the solution's error, not the provider's.
    .leftJoin(solutions, and(eq(solutions.accountId, accountId), eq(solutions.id, input.solutionId)))
    .where(and(eq(accountProviders.accountId, accountId), eq(accountProviders.acquirerId, input.acquirerId)));
  if (!row) throw formError({ acquirerId: 'Choose a provider of this account' });
  if (row.solutionAcquirerId !== input.acquirerId)
    throw formError({ solutionId: 'Choose a solution of this provider' });
  return { acquirerName: row.acquirerName };
}

/** customConfig checked against the template; credentials left empty keep the stored ones. */
function checkedConfig(
  template: readonly TemplateField[],
  config: Record<string, string>,
  stored: Record<string, string>,
): { plain: Record<string, string>; secrets: Record<string, string>; replaced: string[] } {
  const parsed = customConfigSchema(template, Object.keys(stored)).safeParse(config);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(fieldErrors(parsed.error)).map(([path, message]) => [
        path === '_form' ? 'acquirerId' : `customConfig.${path}`,
        message,
      ]),
    );
    throw formError(fields);
  }
  const { plain, secrets } = splitConfig(template, parsed.data);
  return { plain, secrets: { ...stored, ...secrets }, replaced: Object.keys(secrets).filter((name) => name in stored) };
}

/** The MID as its audit entry shows it: every field, credentials named only. */
function auditValue(record: MidRecord, secretNames: readonly string[], extra: Record<string, unknown> = {}) {
  return {
    description: record.description,
    midAcquirerId: record.midAcquirerId,
    acquirerId: record.acquirerId,
    solutionId: record.solutionId,
    enable: record.enable,
    force3ds: record.force3ds ?? 'NULL',
    currency: record.currency,
    issuerCountry: record.issuerCountry,
    cardBrand: record.cardBrand,
    url: record.url,
    customTag: record.customTag,
    binCode: record.binCode,
    customConfig: record.customConfig,
    storedSecrets: [...secretNames],
    ...extra,
  };
}

const savedFields = (input: MidSave) => ({
  description: input.description,
  midAcquirerId: input.midAcquirerId,
  acquirerId: input.acquirerId,
  solutionId: input.solutionId,
  force3ds: input.force3ds === 'NULL' ? null : input.force3ds,
  currency: input.currency,
  issuerCountry: input.issuerCountry,
  cardBrand: input.cardBrand,
  url: input.url,
  customTag: input.customTag,
  binCode: input.binCode,
});

/** POST /merchant/{merchantId}/mid. Answers the new MID's id. */
export async function createMid(deps: MidDeps, auth: AuthContext, target: MidTarget, input: MidSave): Promise<string> {
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    const { acquirerName } = await placementOf(tx, target.accountId, input);
    const config = checkedConfig(templateOf(acquirerName), input.customConfig, {});
    const at = new Date(deps.now());
    await listVariables(tx, auth, target, input, at);
    const [record] = await tx
      .insert(mids)
      .values({
        id,
        accountId: target.accountId,
        merchantId: target.merchantId,
        ...savedFields(input),
        customConfig: config.plain,
        customSecrets: Object.keys(config.secrets).length ? deps.secrets.seal(config.secrets, id) : null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'INSERT',
      resourceType: 'MID',
      resourceId: id,
      newValue: auditValue(record!, Object.keys(config.secrets), input.isDuplicate ? { isDuplicate: true } : {}),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
  });
  return id;
}

/**
 * The MID's row locked for the write, or 404. Its limit rows are locked first: a limit save locks them before it
 * names the MID (a new row's key), and a MID edit or delete that moves or removes them must take the same order, or
 * the two could wait on each other.
 */
async function lockedMid(tx: Queryable, target: MidTarget, midId: string): Promise<MidRecord> {
  await tx
    .select({ id: limits.id })
    .from(limits)
    .where(and(eq(limits.merchantId, target.merchantId), eq(limits.midId, midId)))
    .for('update');
  const [record] = await tx
    .select()
    .from(mids)
    .where(and(eq(mids.id, midId), eq(mids.merchantId, target.merchantId)))
    .for('update');
  if (!record) throw notFound();
  return record;
}

/**
 * The routes that use the MID and would no longer pass routing rule 7 with the new variables: 409
 * mid-routes-bad-config naming them (dependants) and, on each variable to blame, the routes it would refuse.
 */
async function keepRoutesServed(tx: Queryable, before: MidRecord, after: MidSave): Promise<void> {
  const broken = routesBrokenByMidEdit(before, after, await routesUsing(tx, before.id));
  if (broken.length === 0) return;
  const blamed = new Map<RoutingCriterion, string[]>();
  for (const { route, criteria } of broken) {
    for (const criterion of criteria) blamed.set(criterion, [...(blamed.get(criterion) ?? []), route.routeDescription]);
  }
  throw new ApiError(409, 'mid-routes-bad-config', undefined, {
    fields: Object.fromEntries([...blamed].map(([criterion, names]) => [criterion, MID_MESSAGES.refusesRoutes(names)])),
    dependants: broken.map(({ route }) => ({
      kind: 'ROUTE' as const,
      id: route.routeId,
      description: route.routeDescription,
    })),
  });
}

/**
 * One MID_LIMIT entry for the tree that followed its MID to another solution (the limits' key cascades), on the
 * MID's own limit row.
 */
async function auditMovedLimits(
  tx: Queryable,
  auth: AuthContext,
  target: MidTarget,
  midId: string,
  solutionIds: { from: string; to: string },
) {
  const moved = await tx
    .select()
    .from(limits)
    .where(and(eq(limits.merchantId, target.merchantId), eq(limits.midId, midId)))
    .orderBy(asc(limits.cardBrand), asc(limits.descriptor));
  if (moved.length === 0) return;
  const tree = moved.map((row) => ({
    cardBrand: row.cardBrand,
    descriptor: row.descriptor,
    total: row.total,
    daily: row.daily,
    alertPercentage: row.alertPercentage,
  }));
  await recordActivity(tx, {
    actor: actorOf(auth),
    actionType: 'UPDATE',
    resourceType: 'MID_LIMIT',
    resourceId: (moved.find((row) => row.cardBrand === null) ?? moved[0]!).id,
    oldValue: { midId, solutionId: solutionIds.from, limits: tree },
    newValue: { midId, solutionId: solutionIds.to, limits: tree, movedWithMid: true },
    accountId: target.accountId,
    merchantId: target.merchantId,
  });
}

/** PUT /merchant/{merchantId}/mid/{midId}: based on the version the form was opened on, or 409 mid-changed. */
export async function updateMid(
  deps: MidDeps,
  auth: AuthContext,
  target: MidTarget,
  midId: string,
  input: MidEdit,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockedMid(tx, target, midId);
    if (input.version !== before.version) throw new ApiError(409, 'mid-changed');
    const moved = input.acquirerId !== before.acquirerId || input.solutionId !== before.solutionId;
    if (moved && (await hasTransactions(tx, target.accountId, midId))) throw new ApiError(409, 'mid-with-transactions');
    const { acquirerName } = await placementOf(tx, target.accountId, input);
    // Another acquirer's credentials mean nothing to this one: they are dropped with the move.
    const stored =
      before.customSecrets && input.acquirerId === before.acquirerId
        ? deps.secrets.open(before.customSecrets, midId)
        : {};
    const config = checkedConfig(templateOf(acquirerName), input.customConfig, stored);
    await keepRoutesServed(tx, before, input);
    const at = new Date(deps.now());
    await listVariables(tx, auth, target, input, at);
    const [after] = await tx
      .update(mids)
      .set({
        ...savedFields(input),
        customConfig: config.plain,
        customSecrets: Object.keys(config.secrets).length ? deps.secrets.seal(config.secrets, midId) : null,
        version: before.version + 1,
        updatedAt: at,
      })
      .where(eq(mids.id, midId))
      .returning();
    const beforeSecrets = before.customSecrets ? Object.keys(deps.secrets.open(before.customSecrets, midId)) : [];
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'MID',
      resourceId: midId,
      oldValue: auditValue(before, beforeSecrets),
      newValue: auditValue(
        after!,
        Object.keys(config.secrets),
        config.replaced.length ? { replacedSecrets: config.replaced } : {},
      ),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
    if (input.solutionId !== before.solutionId) {
      await auditMovedLimits(tx, auth, target, midId, { from: before.solutionId, to: input.solutionId });
    }
  });
}

/** DELETE /merchant/{merchantId}/mid/{midId}: refused while routes use it, and for good once payments did. */
export async function deleteMid(deps: MidDeps, auth: AuthContext, target: MidTarget, midId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const record = await lockedMid(tx, target, midId);
    const using = await routesUsing(tx, midId);
    if (using.length > 0) {
      throw new ApiError(409, 'mids-in-use', undefined, {
        dependants: using.map((route) => ({
          kind: 'ROUTE' as const,
          id: route.routeId,
          description: route.routeDescription,
        })),
      });
    }
    if (await hasTransactions(tx, target.accountId, midId)) throw new ApiError(409, 'mid-used-by-transactions');
    await tx.delete(mids).where(eq(mids.id, midId));
    const secretNames = record.customSecrets ? Object.keys(deps.secrets.open(record.customSecrets, midId)) : [];
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'DELETE',
      resourceType: 'MID',
      resourceId: midId,
      oldValue: auditValue(record, secretNames),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
  });
}

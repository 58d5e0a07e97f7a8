import { randomUUID } from 'node:crypto';
import type { SubscriptionUpdate } from '@domain/contract/subscriptions';
import type { SubscriptionStatus } from '@domain/enums';
import { isIdentifier } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import {
  isActionAllowed,
  PAUSE_REASON,
  STATUS_AFTER_ACTION,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionAction,
} from '@domain/subscriptions';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { plans, subscriptionPendingActions, subscriptions } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import type { PlatformAnswer, PlatformError } from '../../payments/sandbox-platform';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import type { SubscriptionScope } from './queries';

// Subscription actions: cancel, pause, resume (spec 3, sections 4, 5, 7 and 9; design.md section 6). The platform
// applies an action, so the server hands it over and answers 204 only once the platform confirmed it. Nothing is
// written before that, and the write is one transaction:
//
// 1. Claim (one short transaction): the subscription must still have the version the user saw (409
//    'subscription-changed') and a status that allows the action (409 'subscription-action-not-allowed'); then a row
//    in subscription_pending_actions claims it (its primary key is the subscription), so of two users acting at once
//    exactly one reaches the platform and the other is told it changed. A claim left by a dead process is replaced
//    once its deadline passed.
// 2. Ask the platform, with a deadline (SUBSCRIPTION_ACTION_TIMEOUT_MS, 30 s): a confirmation after it is void by the
//    platform's contract (payments/sandbox-platform.ts), and the server stops waiting at it (504
//    'subscription-action-timeout'). No transaction or connection is held meanwhile (on PGlite's single connection
//    that would stop every other request for seconds).
// 3. Confirmed: one transaction drops the claim, writes the new status (compare-and-set on the status it was claimed
//    from), raises the version, writes the audit entry (SUBSCRIPTION), and the KPI rollup follows by its triggers.
//    Refused or timed out: the claim is dropped and nothing else changes.
//
// The request carries on to step 3 (or the release) even if the client closes the connection: the platform may
// already have applied the action, so the server records its answer whoever is left to read it.

export type SubscriptionActionDeps = Pick<AppDeps, 'db' | 'now' | 'platform' | 'config'>;

const changed = (message = 'Someone else changed this subscription while you were looking at it. Reload it.') =>
  new ApiError(409, 'subscription-changed', message);

interface Claim {
  token: string;
  from: SubscriptionStatus;
  version: number;
  reason: string | null;
}

/** Step 1: checks the version and the status the user saw, and claims the subscription for this request. */
async function claim(
  deps: SubscriptionActionDeps,
  auth: AuthContext,
  scope: SubscriptionScope,
  subscriptionId: string,
  body: SubscriptionUpdate,
): Promise<Claim> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: subscriptions.status, version: subscriptions.version })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.merchantId, scope.merchantId),
          eq(subscriptions.accountId, scope.accountId),
        ),
      )
      // Locked: a finishing action of another user (which drops its claim and raises the version in one transaction)
      // is waited for and its version seen, so a stale request never claims the subscription after it.
      .for('update');
    if (!row) throw notFound();
    const status = row.status as SubscriptionStatus;
    if (row.version !== body.version) throw changed();
    if (!isActionAllowed(status, body.action))
      throw new ApiError(409, 'subscription-action-not-allowed', SUBSCRIPTION_MESSAGES.notAllowed(status, body.action));
    const token = randomUUID();
    const expiresAt = new Date(now + deps.config.subscriptionActionTimeoutMs);
    const [claimed] = await tx
      .insert(subscriptionPendingActions)
      .values({
        subscriptionId,
        accountId: scope.accountId,
        token,
        action: body.action,
        userId: auth.userId,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: subscriptionPendingActions.subscriptionId,
        set: { token, action: body.action, userId: auth.userId, expiresAt, createdAt: new Date(now) },
        setWhere: lt(subscriptionPendingActions.expiresAt, new Date(now)),
      })
      .returning({ token: subscriptionPendingActions.token });
    if (!claimed) throw changed('Another user is changing this subscription right now. Reload it in a moment.');
    return { token, from: status, version: row.version, reason: reasonSent(body) };
  });
}

/** What the platform is sent as the reason (spec 3, section 5). */
function reasonSent(body: SubscriptionUpdate): string | null {
  if (body.action === 'CANCEL') return body.reasonDetails ?? null;
  if (body.action === 'PAUSE') return PAUSE_REASON;
  return null;
}

/** Drops this request's claim (refused, timed out, or any failure before the write). */
async function release(db: Queryable, scope: SubscriptionScope, subscriptionId: string, token: string): Promise<void> {
  await db
    .delete(subscriptionPendingActions)
    .where(
      and(
        eq(subscriptionPendingActions.accountId, scope.accountId),
        eq(subscriptionPendingActions.subscriptionId, subscriptionId),
        eq(subscriptionPendingActions.token, token),
      ),
    );
}

const cycle = (field: string) => sql`${plans.basicSettings} -> 'cycle' ->> ${field}`;
/** The subscription's last attempt plus one cycle of its plan; null when the plan names no cycle it can read. */
const oneCycleAfterLastAttempt = sql`(
  select ${subscriptions.lastAttemptAt} + case ${cycle('unit')}
    when 'DAY' then make_interval(days => (${cycle('time')})::int)
    when 'WEEK' then make_interval(weeks => (${cycle('time')})::int)
    when 'MONTH' then make_interval(months => (${cycle('time')})::int)
    when 'YEAR' then make_interval(years => (${cycle('time')})::int)
  end
  from ${plans} where ${plans.id} = ${subscriptions.planId} and ${cycle('time')} ~ '^[1-9][0-9]{0,3}$')`;

/** What the action writes besides the status. */
function changesOf(action: SubscriptionAction, reason: string | null, at: Date) {
  switch (action) {
    case 'CANCEL':
      return {
        cancellationReason: 'BACKOFFICE_API',
        cancellationReasonDetails: reason,
        cancelledAt: at,
        nextChargeAt: null,
      };
    case 'PAUSE':
      // next_charge_at is kept: the renewals skip what is not ACTIVE, and a resume picks the due date up again (a
      // charge that fell due during the pause is made on resume; pause and resume in a minute charge nothing).
      return { pausedAt: at };
    case 'RESUME':
      // A subscription paused without a due date (the seed's, or one paused by the platform) gets one back: a cycle
      // after its last attempt, by its plan's cycle (spec 3, section 3 "Plan": basicSettings.cycle), or now when the
      // plan's cycle cannot be read. A date in the past is charged by the next renewal run.
      return {
        pausedAt: null,
        nextChargeAt: sql`coalesce(${subscriptions.nextChargeAt}, ${oneCycleAfterLastAttempt}, ${at})`,
      };
  }
}

/** Step 3: the confirmed action's write, with its audit entry, in one transaction. */
async function confirm(
  deps: SubscriptionActionDeps,
  auth: AuthContext,
  scope: SubscriptionScope,
  subscriptionId: string,
  action: SubscriptionAction,
  held: Claim,
): Promise<void> {
  const at = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    // The subscription first, then its claim: the order a claim takes them in, so the two never wait on each other.
    await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.accountId, scope.accountId)))
      .for('update');
    const [mine] = await tx
      .delete(subscriptionPendingActions)
      .where(
        and(
          eq(subscriptionPendingActions.accountId, scope.accountId),
          eq(subscriptionPendingActions.subscriptionId, subscriptionId),
          eq(subscriptionPendingActions.token, held.token),
        ),
      )
      .returning({ token: subscriptionPendingActions.token });
    // Only a process that outlived its own deadline finds its claim gone; the platform voided the action then.
    if (!mine) throw timedOut();
    const to = STATUS_AFTER_ACTION[action];
    const [written] = await tx
      .update(subscriptions)
      .set({
        status: to,
        version: sql`${subscriptions.version} + 1`,
        updatedAt: at,
        ...changesOf(action, held.reason, at),
      })
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.accountId, scope.accountId),
          eq(subscriptions.status, held.from),
        ),
      )
      .returning({ version: subscriptions.version });
    // The platform's own change (a hard decline's cancellation) landed meanwhile: it wins, and the user reloads.
    if (!written) throw changed();
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'SUBSCRIPTION',
      resourceId: subscriptionId,
      oldValue: { status: held.from, version: held.version },
      newValue: {
        action,
        status: to,
        version: written.version,
        ...(action === 'CANCEL'
          ? { cancellationReason: 'BACKOFFICE_API', cancellationReasonDetails: held.reason }
          : action === 'PAUSE'
            ? { reason: PAUSE_REASON }
            : {}),
      },
      accountId: scope.accountId,
      merchantId: scope.merchantId,
    });
  });
}

const timedOut = () =>
  new ApiError(
    504,
    'subscription-action-timeout',
    'The platform did not confirm the action within 30 seconds. Nothing was changed: reload the subscription and try again.',
  );

const refused = (error: PlatformError) =>
  new ApiError(502, 'subscription-action-failed', `The platform refused the action: ${error.code} ${error.message}`);

/** Waits for the platform's answer, no longer than until the deadline. */
async function platformAnswer(deps: SubscriptionActionDeps, call: Parameters<AppDeps['platform']['apply']>[0]) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PlatformAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: 'expired' }), Math.max(0, call.deadline - Date.now()));
  });
  try {
    return await Promise.race([deps.platform.apply(call), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** PATCH /merchant/{merchantId}/subscription/{subscriptionId}: resolves once the action is applied and recorded. */
export async function applySubscriptionAction(
  deps: SubscriptionActionDeps,
  auth: AuthContext,
  scope: SubscriptionScope,
  subscriptionIdParam: string,
  body: SubscriptionUpdate,
): Promise<void> {
  if (!can(auth, P.subscriptionUpdate)) throw forbidden();
  if (!isIdentifier(subscriptionIdParam)) throw notFound();
  const subscriptionId = subscriptionIdParam.toLowerCase();
  // Real time for the platform's deadline (deps.now may be a test's fixed clock).
  const deadline = Date.now() + deps.config.subscriptionActionTimeoutMs;
  const held = await claim(deps, auth, scope, subscriptionId, body);
  try {
    const answer = await platformAnswer(deps, {
      accountId: scope.accountId,
      merchantId: scope.merchantId,
      subscriptionId,
      action: body.action,
      reason: held.reason,
      deadline,
    });
    if (answer.outcome === 'expired' || Date.now() > deadline) throw timedOut();
    if (answer.outcome === 'refused') throw refused(answer.error);
    await confirm(deps, auth, scope, subscriptionId, body.action, held);
  } catch (error) {
    await release(deps.db, scope, subscriptionId, held.token);
    throw error;
  }
}

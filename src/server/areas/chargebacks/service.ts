import { FRAUD_TYPE_REASON } from '@domain/chargebacks';
import {
  AGENT_OTHERS,
  AGENT_OTHERS_NAME,
  type ChargebackAgent,
  type ChargebackListItem,
  type ChargebackUpdate,
} from '@domain/contract/chargebacks';
import { CHARGEBACK_REASON_LABELS } from '@domain/enums';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { chargebackAgents, chargebacks } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import { type AuthContext, assertAccountAccess } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import { assignmentOf, chargebackIdOrNull, hasChargebacksFeature, loadListItem } from './queries';

// Writes on a case (spec 3, section 4 "Chargeback status", "Chargeback agent and fraud type"; design.md section 6).
// Each change and its audit entry commit together. The status is compare-and-set in one UPDATE: its WHERE names the
// status the caller saw, so of two users changing the same case from the same status exactly one wins and the other
// is told 'outdated-local-status'. Fraud type and agent changes lock the case row, read what they replace (for the
// audit entry and the stale-unassign check), and write.

export type ChargebackDeps = Pick<AppDeps, 'db' | 'now'>;

/**
 * The tenant boundary of every chargeback call: another tenant's account, and an account without the chargebacks
 * feature (for which the dispute manager does not exist), answer 404 like an account that does not exist.
 */
export async function chargebackAccount(db: Queryable, auth: AuthContext, accountIdParam: string): Promise<string> {
  const accountId = assertAccountAccess(auth, accountIdParam);
  if (!(await hasChargebacksFeature(db, accountId))) throw notFound();
  return accountId;
}

const outdated = (what: 'status' | 'agent') =>
  new ApiError(
    409,
    'outdated-local-status',
    `Another user changed the ${what} of this case while you were looking at it. Update to see the current ${what}.`,
  );

/** What a case write needs to know about the row it replaces. */
interface LockedCase {
  id: string;
  merchantId: string;
  reason: string;
  fraudType: string | null;
  agentId: string | null;
  assignedToOthers: boolean;
  agentName: string | null;
}

/** Reads and locks the case for the rest of the transaction; 404 when the account has no such case. */
async function lockCase(tx: Queryable, accountId: string, chargebackId: string): Promise<LockedCase> {
  const id = chargebackIdOrNull(chargebackId);
  if (!id) throw notFound();
  const [row] = await tx
    .select({
      id: chargebacks.id,
      merchantId: chargebacks.merchantId,
      reason: chargebacks.reason,
      fraudType: chargebacks.fraudType,
      agentId: chargebacks.agentId,
      assignedToOthers: chargebacks.assignedToOthers,
      agentName: sql<
        string | null
      >`(select ${chargebackAgents.name} from ${chargebackAgents} where ${chargebackAgents.id} = ${chargebacks.agentId})`,
    })
    .from(chargebacks)
    .where(and(eq(chargebacks.id, id), eq(chargebacks.accountId, accountId)))
    .for('update', { of: chargebacks });
  if (!row) throw notFound();
  return row;
}

/** The case's row after a write, read in the caller's transaction or after it. */
async function rowAfter(db: Queryable, accountId: string, chargebackId: string): Promise<ChargebackListItem> {
  const item = await loadListItem(db, accountId, chargebackId);
  if (!item) throw notFound();
  return item;
}

interface CaseCall {
  accountId: string;
  chargebackId: string;
}

/** PATCH with { status, expectedStatus }: compare-and-set; see the comment at the top of this file. */
async function changeStatus(
  deps: ChargebackDeps,
  auth: AuthContext,
  call: CaseCall,
  body: { status: string; expectedStatus: string },
): Promise<ChargebackListItem> {
  if (!can(auth, P.chargebackUpdate)) throw forbidden();
  const id = chargebackIdOrNull(call.chargebackId);
  if (!id) throw notFound();
  return deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(chargebacks)
      .set({ status: body.status, updatedAt: new Date(deps.now()) })
      .where(
        and(
          eq(chargebacks.id, id),
          eq(chargebacks.accountId, call.accountId),
          eq(chargebacks.status, body.expectedStatus),
          ne(chargebacks.status, body.status),
        ),
      )
      .returning({ id: chargebacks.id, merchantId: chargebacks.merchantId });
    if (changed) {
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'UPDATE',
        resourceType: 'CHARGEBACK',
        resourceId: id,
        oldValue: { status: body.expectedStatus },
        newValue: { status: body.status },
        accountId: call.accountId,
        merchantId: changed.merchantId,
      });
      return rowAfter(tx, call.accountId, id);
    }
    // Nothing changed: the case is missing, already has the asked status (accepted), or moved on meanwhile.
    const current = await rowAfter(tx, call.accountId, id);
    if (current.status !== body.status) throw outdated('status');
    return current;
  });
}

/** PATCH with { fraudType }: only fraud claims carry one (spec 3, section 2.4). */
async function changeFraudType(
  deps: ChargebackDeps,
  auth: AuthContext,
  call: CaseCall,
  fraudType: string | null,
): Promise<ChargebackListItem> {
  if (!can(auth, P.chargebackFraudTypeUpdate)) throw forbidden();
  return deps.db.transaction(async (tx) => {
    const locked = await lockCase(tx, call.accountId, call.chargebackId);
    if (locked.reason !== FRAUD_TYPE_REASON) {
      throw new ApiError(
        422,
        'fraud-type-not-applicable',
        `Only cases with the reason '${CHARGEBACK_REASON_LABELS[FRAUD_TYPE_REASON]}' carry a fraud type.`,
      );
    }
    if (locked.fraudType !== fraudType) {
      await tx
        .update(chargebacks)
        .set({ fraudType, updatedAt: new Date(deps.now()) })
        .where(and(eq(chargebacks.id, locked.id), eq(chargebacks.accountId, call.accountId)));
      await recordActivity(tx, {
        actor: actorOf(auth),
        actionType: 'UPDATE',
        resourceType: 'CHARGEBACK',
        resourceId: locked.id,
        oldValue: { fraudType: locked.fraudType },
        newValue: { fraudType },
        accountId: call.accountId,
        merchantId: locked.merchantId,
      });
    }
    return rowAfter(tx, call.accountId, locked.id);
  });
}

/** PATCH /account/{accountId}/chargeback/{chargebackId}: a status change or a fraud type change. */
export function updateChargeback(
  deps: ChargebackDeps,
  auth: AuthContext,
  call: CaseCall,
  body: ChargebackUpdate,
): Promise<ChargebackListItem> {
  if ('status' in body) return changeStatus(deps, auth, call, body);
  return changeFraudType(deps, auth, call, body.fraudType);
}

/** The assignment a write leaves on the row. */
interface Assignment {
  agentId: string | null;
  assignedToOthers: boolean;
  agentAssignedAt: Date | null;
}

async function writeAssignment(
  tx: Queryable,
  auth: AuthContext,
  call: CaseCall,
  locked: LockedCase,
  next: Assignment,
  nextAgent: ChargebackAgent | null,
  at: Date,
): Promise<void> {
  await tx
    .update(chargebacks)
    .set({ ...next, updatedAt: at })
    .where(and(eq(chargebacks.id, locked.id), eq(chargebacks.accountId, call.accountId)));
  await recordActivity(tx, {
    actor: actorOf(auth),
    actionType: 'UPDATE',
    resourceType: 'CHARGEBACK',
    resourceId: locked.id,
    oldValue: { agent: assignmentOf(locked) },
    newValue: { agent: nextAgent },
    accountId: call.accountId,
    merchantId: locked.merchantId,
  });
}

/**
 * POST .../agent { agentId }: assigns the case to one of the account's agents or to Others. An agent of another
 * account is unknown here (404), and the database's (account, agent) key would refuse it too. Assigning the current
 * assignment again changes nothing.
 */
export async function assignAgent(
  deps: ChargebackDeps,
  auth: AuthContext,
  call: CaseCall,
  agentId: string,
): Promise<ChargebackListItem> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockCase(tx, call.accountId, call.chargebackId);
    let next: ChargebackAgent;
    if (agentId === AGENT_OTHERS) {
      next = { id: AGENT_OTHERS, name: AGENT_OTHERS_NAME };
    } else {
      const [agent] = await tx
        .select({ id: chargebackAgents.id, name: chargebackAgents.name })
        .from(chargebackAgents)
        .where(and(eq(chargebackAgents.id, agentId.toLowerCase()), eq(chargebackAgents.accountId, call.accountId)));
      if (!agent) throw notFound();
      next = agent;
    }
    if (assignmentOf(locked)?.id !== next.id) {
      const at = new Date(deps.now());
      const others = next.id === AGENT_OTHERS;
      await writeAssignment(
        tx,
        auth,
        call,
        locked,
        { agentId: others ? null : next.id, assignedToOthers: others, agentAssignedAt: at },
        next,
        at,
      );
    }
    return rowAfter(tx, call.accountId, locked.id);
  });
}

/**
 * DELETE .../agent/{agentId}: removes the assignment, only while it is still the one named (an agent's id or
 * OTHERS); otherwise somebody reassigned the case meanwhile and the answer is 409 'outdated-local-status'.
 */
export async function unassignAgent(
  deps: ChargebackDeps,
  auth: AuthContext,
  call: CaseCall,
  agentId: string,
): Promise<ChargebackListItem> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockCase(tx, call.accountId, call.chargebackId);
    const current = assignmentOf(locked);
    if (!current || current.id !== (agentId === AGENT_OTHERS ? AGENT_OTHERS : agentId.toLowerCase()))
      throw outdated('agent');
    const at = new Date(deps.now());
    await writeAssignment(
      tx,
      auth,
      call,
      locked,
      { agentId: null, assignedToOthers: false, agentAssignedAt: null },
      null,
      at,
    );
    return rowAfter(tx, call.accountId, locked.id);
  });
}

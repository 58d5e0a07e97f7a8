import type { PlanDetail, PlanEdit, PlanSave } from '@domain/contract/plans';
import { type BasicSettings, deriveCycle, PLAN_MESSAGES, sameBasicSettings, toTwelveHour } from '@domain/plans';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { plans } from '../../db/schema';
import { actorOf, recordActivity } from '../../lib/audit';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { planRow, storedBasicSettings, toPlanDetail } from './queries';

// Plan writes (spec 3, sections 4 "Plan form" and 5 "Plan"; design.md section 6). Each write and its PLAN audit entry
// commit together. An edit is compare-and-set on `version` in one UPDATE whose WHERE names the version the form was
// opened on, so of two saves from the same version exactly one wins and the other is told 'plan-changed' (409).
// Basic settings (the charging cycle and time) are fixed once the plan exists: an edit that changes them is 400.

export type PlanDeps = Pick<AppDeps, 'db' | 'now'>;

export interface PlanTarget {
  merchantId: string;
  accountId: string;
}

/** The basic settings as stored: the derived cycle and the 12-hour text are the server's, whatever was sent. */
function normalizedBasic(basic: PlanSave['basicSettings']): BasicSettings {
  const custom = basic.chargingTimeMode === 'CUSTOM' && basic.timeCharging;
  return {
    timeCycle: basic.timeCycle,
    customTime: basic.timeCycle === 'CUSTOM' ? basic.customTime : null,
    unitCharging: basic.unitCharging,
    chargingTimeMode: basic.chargingTimeMode,
    timeCharging: custom ? basic.timeCharging : '09:00',
    customCharging: custom ? toTwelveHour(basic.timeCharging!) : null,
    cycle: deriveCycle(basic),
  };
}

function storedFields(input: PlanSave) {
  return {
    description: input.description,
    amountSettings: input.amountSettings,
    trialSettings: input.trialSettings,
    retrySettings: input.retrySettings,
    cancellationSettings: input.cancellationSettings,
  };
}

const auditValue = (plan: PlanDetail) => {
  const { createdDate: _c, modifiedDate: _m, ...rest } = plan;
  return rest;
};

/** POST /merchant/{merchantId}/plan. */
export async function createPlan(deps: PlanDeps, auth: AuthContext, target: PlanTarget, input: PlanSave) {
  return deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    const [row] = await tx
      .insert(plans)
      .values({
        accountId: target.accountId,
        merchantId: target.merchantId,
        basicSettings: normalizedBasic(input.basicSettings),
        ...storedFields(input),
        version: 1,
        createdAt: at,
        modifiedAt: at,
      })
      .returning();
    const created = toPlanDetail(row!);
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'INSERT',
      resourceType: 'PLAN',
      resourceId: created.planId,
      newValue: auditValue(created),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
    return created;
  });
}

/** PUT /merchant/{merchantId}/plan/{planId}: based on the version the form was opened on, or 409 plan-changed. */
export async function updatePlan(
  deps: PlanDeps,
  auth: AuthContext,
  target: PlanTarget,
  planId: string,
  input: PlanEdit,
): Promise<PlanDetail> {
  return deps.db.transaction(async (tx) => {
    const before = await planRow(tx, target.merchantId, planId, true);
    if (!before) throw notFound();
    if (before.version !== input.version) throw new ApiError(409, 'plan-changed');
    const basic = storedBasicSettings(before);
    if (!sameBasicSettings(basic, normalizedBasic(input.basicSettings))) {
      throw new ApiError(400, 'plan-basic-settings-locked', PLAN_MESSAGES.basicLocked, {
        fields: { basicSettings: PLAN_MESSAGES.basicLocked },
      });
    }
    const [after] = await tx
      .update(plans)
      .set({ ...storedFields(input), version: before.version + 1, modifiedAt: new Date(deps.now()) })
      .where(eq(plans.id, before.id))
      .returning();
    const updated = toPlanDetail(after!);
    await recordActivity(tx, {
      actor: actorOf(auth),
      actionType: 'UPDATE',
      resourceType: 'PLAN',
      resourceId: updated.planId,
      oldValue: auditValue(toPlanDetail(before)),
      newValue: auditValue(updated),
      accountId: target.accountId,
      merchantId: target.merchantId,
    });
    return updated;
  });
}

import { z } from 'zod';
import {
  CHARGING_TIME_MODES,
  CUSTOM_UNITS,
  CYCLE_UNITS,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  planIssues,
  RETRY_TYPES,
  TIME_CYCLES,
} from '../plans';
import { isoDate, listQuery, openedVersion, uuid } from './common';

// Plans over the API (spec 3, sections 3 "Plan" and 7): GET and POST /merchant/{merchantId}/plan, GET and PUT
// /merchant/{merchantId}/plan/{planId}. The settings are stored as they travel (jsonb columns of `plans`), so the
// subscriptions read the same shapes. The rules that span fields live in src/domain/plans.ts (planIssues) and run
// here for the server and in the plan form for the console.

const required = { error: PLAN_MESSAGES.required };

export const planCycle = z.object({ time: z.number().int().min(1), unit: z.enum(CYCLE_UNITS) });

export const basicSettings = z.object({
  timeCycle: z.enum(TIME_CYCLES, required),
  /** Digits, when timeCycle is CUSTOM (null otherwise). */
  customTime: z.string().max(3).nullable(),
  unitCharging: z.enum(CUSTOM_UNITS, required),
  chargingTimeMode: z.enum(CHARGING_TIME_MODES, required),
  /** 'HH:mm' UTC; the default is the ninth hourly slot ('09:00'). */
  timeCharging: z.string().max(5).nullable(),
  /** The charging time as the form shows it, 12-hour ('9:00 AM'), when the mode is CUSTOM. */
  customCharging: z.string().max(PLAN_LIMITS.customCharging, PLAN_MESSAGES.customChargingMax).nullable(),
  /** Derived from the above (deriveCycle); optional in a request, where the server fills it in. */
  cycle: planCycle,
});

const currencyAmount = z.object({
  /** A decimal string with a dot ('9.99'), null when dynamic. */
  amount: z.string().max(PLAN_LIMITS.amount, PLAN_MESSAGES.amountMax).nullable(),
  isDynamic: z.boolean(),
  type: z.enum(['FIXED', 'DYNAMIC']),
});

const currencyKey = z.string().regex(/^[A-Z]{3}$/, 'Invalid currency');

export const amountSettings = z.object({
  /** The leading currency: only EUR may lead. */
  base: currencyKey.nullable(),
  currencies: z.record(currencyKey, currencyAmount),
  defaultCurrencies: z.array(currencyKey).max(20),
});

const days = z
  .number(required)
  .int(PLAN_MESSAGES.noDecimals)
  .min(1, 'At least 1 day')
  .max(999, PLAN_MESSAGES.maxThreeCharacters);

export const trialSettings = z.object({ timePeriod: days, amountSettings });

export const cancellationSettings = z.object({ enabled: z.boolean(), chargebackAmount: z.literal(1) });

export const retryItem = z.object({ type: z.enum(RETRY_TYPES, required), time: days, unit: z.literal('DAY') });

export const retrySettings = z.object({
  enabled: z.boolean(),
  /** The interval of successful payments (payment spacing), in days; required when the sequence is non-empty. */
  timePeriod: days.nullable(),
  /** Decimal string with a dot; required when any retry is MAINTENANCE. */
  amount: z.string().max(PLAN_LIMITS.amount, PLAN_MESSAGES.amountMax).nullable(),
  sequence: z.array(retryItem).max(PLAN_LIMITS.maxRetries, PLAN_MESSAGES.maxRetries),
});

const planFields = {
  description: z.string(required).trim().min(1, PLAN_MESSAGES.required).max(PLAN_LIMITS.name, PLAN_MESSAGES.nameMax),
  basicSettings: basicSettings.extend({ cycle: planCycle.optional() }),
  amountSettings,
  trialSettings: trialSettings.nullable().default(null),
  retrySettings: retrySettings.nullable().default(null),
  cancellationSettings: cancellationSettings.nullable().default(null),
};

function refinePlan(plan: z.infer<z.ZodObject<typeof planFields>>, context: z.RefinementCtx) {
  const shape = { ...plan, basicSettings: { ...plan.basicSettings, cycle: plan.basicSettings.cycle ?? undefined } };
  for (const issue of planIssues(shape as never, true)) {
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
}

/** POST /merchant/{merchantId}/plan: the plan form's payload. */
export const planSave = z.object(planFields).superRefine(refinePlan);
export type PlanSave = z.infer<typeof planSave>;
export type PlanSaveInput = z.input<typeof planSave>;

/** PUT /merchant/{merchantId}/plan/{planId}: the payload and the version the form was opened on (409 plan-changed). */
export const planEdit = z.object({ ...planFields, version: openedVersion }).superRefine(refinePlan);
export type PlanEdit = z.infer<typeof planEdit>;

export const planCreated = z.object({ planId: uuid, version: z.number().int() });

/** A plan as the list, the detail and the subscriptions read it. */
export const planDetail = z.object({
  planId: uuid,
  merchantId: uuid,
  description: z.string(),
  basicSettings,
  amountSettings,
  trialSettings: trialSettings.nullable(),
  retrySettings: retrySettings.nullable(),
  cancellationSettings: cancellationSettings.nullable(),
  createdDate: isoDate,
  modifiedDate: isoDate,
  version: z.number().int(),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const planList = z.object({ count: z.number().int(), total: z.number().int(), items: z.array(planDetail) });
export type PlanList = z.infer<typeof planList>;

export const merchantPlanParams = z.object({ merchantId: z.string() });
export const planParams = z.object({ merchantId: z.string(), planId: z.string() });

export const PLAN_SORT_FIELDS = ['description', 'modifiedDate', 'createdDate'] as const;
/** Spec 3, section 9: plans sort by modified date, newest first. */
export const PLAN_DEFAULT_ORDER = '-modifiedDate';

const dateQuery = z.string().datetime({ offset: true, message: 'Use an ISO 8601 date and time' }).optional();

/**
 * GET /merchant/{merchantId}/plan: page, limit, order, modifiedDateFrom, modifiedDateTo (spec 3, section 7), and the
 * table's search: the name contains it, or the plan id starts with it.
 */
export const planListQuery = listQuery.omit({ searchType: true }).extend({
  modifiedDateFrom: dateQuery,
  modifiedDateTo: dateQuery,
});
export type PlanListQuery = z.infer<typeof planListQuery>;

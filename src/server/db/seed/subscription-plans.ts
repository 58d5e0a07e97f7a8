import { currencyExponent } from '@domain/format';
import type { RetryStep } from '@domain/subscription-cycles';
import type { Cycle, CycleUnit } from '@domain/subscriptions-kpis';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { plans } from '../schema';
import type { GeneratorStep } from './seed-types';

// A merchant's plans as the demo generator charges them (issue 24): the cycle, the amount per currency (null when
// dynamic: the initial payment's amount is charged again), the retry sequence and whether a chargeback cancels. Read
// from the plans table's settings (spec 3, section 3 "Plan"), so the seeded and the live renewals follow the plans
// users see and edit.

export interface WorldPlan {
  id: string;
  cycle: Cycle;
  /** The leading currency: a payment in a currency the plan lacks is charged in it. */
  base: string;
  /** Minor units per currency; null for a dynamic amount. */
  currencies: Map<string, number | null>;
  /** The retry sequence after a declined renewal; null when the plan retries nothing. */
  retrySequence: RetryStep[] | null;
  /** What a MAINTENANCE retry charges (major units, dot decimals), when the plan says. */
  retryAmount: string | null;
  /** A chargeback cancels the subscription (cancellationSettings.enabled). */
  cancelOnChargeback: boolean;
}

/** A decimal amount ('9.99') in minor units of `currency`, without floats; null when it is not a plain decimal. */
export function decimalToMinor(text: string | null | undefined, currency: string): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,10})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').padEnd(exponent, '0');
  if (fraction.length > exponent) return null;
  return Number(match[1]) * 10 ** exponent + (exponent === 0 ? 0 : Number(fraction));
}

const CYCLE_UNITS: ReadonlySet<string> = new Set(['DAY', 'WEEK', 'MONTH', 'YEAR']);

type Json = Record<string, unknown> | null | undefined;

/** A plans row as the generator charges it; null when its cycle cannot be read. */
export function worldPlanOf(row: {
  id: string;
  basicSettings: unknown;
  amountSettings: unknown;
  retrySettings: unknown;
  cancellationSettings: unknown;
}): WorldPlan | null {
  const basic = row.basicSettings as Json;
  const cycle = basic?.cycle as Json;
  const time = Number(cycle?.time);
  const unit = String(cycle?.unit ?? '');
  if (!(Number.isInteger(time) && time >= 1 && CYCLE_UNITS.has(unit))) return null;
  const amounts = row.amountSettings as Json;
  const currencies = new Map<string, number | null>();
  for (const [code, setting] of Object.entries((amounts?.currencies as Record<string, Json>) ?? {})) {
    const dynamic = setting?.isDynamic === true || setting?.type === 'DYNAMIC';
    currencies.set(code, dynamic ? null : decimalToMinor(setting?.amount as string, code));
  }
  if (currencies.size === 0) return null;
  const base =
    typeof amounts?.base === 'string' && currencies.has(amounts.base) ? amounts.base : [...currencies.keys()][0]!;
  const retry = row.retrySettings as Json;
  const sequence = Array.isArray(retry?.sequence)
    ? (retry.sequence as Json[]).flatMap((step): RetryStep[] => {
        const days = Number(step?.time);
        const type = step?.type === 'MAINTENANCE' ? 'MAINTENANCE' : 'RENEWAL';
        return Number.isInteger(days) && days >= 1 ? [{ type, time: days, unit: 'DAY' }] : [];
      })
    : [];
  const retries = retry && retry.enabled !== false && sequence.length > 0 ? sequence : null;
  const cancellation = row.cancellationSettings as Json;
  return {
    id: row.id,
    cycle: { time, unit: unit as CycleUnit },
    base,
    currencies,
    retrySequence: retries,
    retryAmount: retries && typeof retry?.amount === 'string' ? retry.amount : null,
    cancelOnChargeback: cancellation?.enabled === true,
  };
}

/** The plans of these merchants, oldest first, by merchant. */
export async function loadWorldPlans(db: Queryable, merchantIds: readonly string[]): Promise<Map<string, WorldPlan[]>> {
  const byMerchant = new Map<string, WorldPlan[]>();
  if (merchantIds.length === 0) return byMerchant;
  const rows = await db
    .select()
    .from(plans)
    .where(inArray(plans.merchantId, [...merchantIds]))
    .orderBy(plans.createdAt, plans.id);
  for (const row of rows) {
    const plan = worldPlanOf(row);
    if (!plan) continue;
    const list = byMerchant.get(row.merchantId) ?? [];
    list.push(plan);
    byMerchant.set(row.merchantId, list);
  }
  return byMerchant;
}

// ---- Plans for merchants that have none ----
// The plans seed (src/server/db/seed/plans.ts, the plans area) gives every demo merchant its plans before the payments
// step. A merchant still without any (a world built without that step) gets these three, so every initial payment
// starts a subscription on a plan.

const fixed = (amount: string) => ({ amount, isDynamic: false, type: 'FIXED' });
const DYNAMIC = { amount: null, isDynamic: true, type: 'DYNAMIC' };

export const FALLBACK_PLANS = [
  {
    description: 'Monthly',
    basicSettings: {
      timeCycle: 'MONTH_1',
      customTime: null,
      chargingTimeMode: 'FIRST_PAYMENT_TIME',
      cycle: { time: 1, unit: 'MONTH' },
    },
    amountSettings: { base: 'EUR', currencies: { EUR: fixed('9.99'), USD: fixed('10.99'), GBP: fixed('8.99') } },
    trialSettings: null,
    cancellationSettings: { enabled: true, amount: 1 },
    retrySettings: {
      enabled: true,
      timePeriod: null,
      amount: '1.00',
      sequence: [
        { type: 'RENEWAL', time: 2, unit: 'DAY' },
        { type: 'MAINTENANCE', time: 5, unit: 'DAY' },
      ],
    },
  },
  {
    description: 'Every 28 days',
    basicSettings: {
      timeCycle: 'DAY_28',
      customTime: null,
      chargingTimeMode: 'FIRST_PAYMENT_TIME',
      cycle: { time: 28, unit: 'DAY' },
    },
    amountSettings: { base: 'EUR', currencies: { EUR: fixed('14.99'), USD: DYNAMIC, GBP: fixed('12.99') } },
    trialSettings: { timePeriod: 7 },
    cancellationSettings: null,
    retrySettings: {
      enabled: true,
      timePeriod: null,
      amount: null,
      sequence: [{ type: 'RENEWAL', time: 3, unit: 'DAY' }],
    },
  },
  {
    description: 'Annual',
    basicSettings: {
      timeCycle: 'YEAR_1',
      customTime: null,
      chargingTimeMode: 'FIRST_PAYMENT_TIME',
      cycle: { time: 1, unit: 'YEAR' },
    },
    amountSettings: { base: 'EUR', currencies: { EUR: fixed('99.00'), USD: fixed('109.00'), GBP: fixed('89.00') } },
    trialSettings: null,
    cancellationSettings: { enabled: true, amount: 1 },
    retrySettings: null,
  },
] as const;

/** Gives each seeded merchant without a plan the fallback plans, created with the merchant. */
export const fallbackPlansStep: GeneratorStep = {
  name: 'fallback-plans',
  async run(ctx, rng) {
    if (ctx.merchants.length === 0) return;
    const ids = ctx.merchants.map((merchant) => merchant.id);
    const result = await ctx.db.execute(
      sql`select distinct merchant_id as "merchantId" from ${plans} where ${inArray(plans.merchantId, ids)}`,
    );
    const withPlans = new Set(
      (result as unknown as { rows: { merchantId: string }[] }).rows.map((row) => row.merchantId),
    );
    const rows = ctx.merchants
      .filter((merchant) => !withPlans.has(merchant.id))
      .flatMap((merchant) =>
        FALLBACK_PLANS.map((plan, index) => {
          const at = new Date(merchant.createdAt.getTime() + (index + 1) * 60_000);
          return {
            id: rng.uuid(),
            accountId: merchant.accountId,
            merchantId: merchant.id,
            ...plan,
            createdAt: at,
            modifiedAt: at,
          };
        }),
      );
    if (rows.length > 0) await ctx.db.insert(plans).values(rows);
  },
};

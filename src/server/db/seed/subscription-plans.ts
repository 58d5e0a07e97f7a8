import { currencyExponent } from '@domain/format';
import type { RetryStep } from '@domain/subscription-cycles';
import type { Cycle, CycleUnit } from '@domain/subscriptions-kpis';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../client';
import { plans } from '../schema';

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

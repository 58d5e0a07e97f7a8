import { divideRounded } from './dashboard';

// The subscriptions overview's figures (spec 3, section 2.10; issue 24). The churn rate's tooltip says it is "the
// percentage of recurring revenue lost monthly"; the spec gives no formula, so it is defined here, once:
//
//   churn rate = monthly recurring revenue of the subscriptions cancelled in the period
//                / monthly recurring revenue of the subscriptions active at the period's start  x 100
//
// A subscription's monthly recurring revenue is what one cycle charges, spread over a month of 30 days (or 12 per year),
// so plans charged weekly, every 28 days, monthly or yearly weigh what they bring per month. A paused subscription
// still counts as recurring revenue (it has not churned); a subscription started and cancelled inside the period adds
// to the numerator only, so the rate can exceed 100 in a month of many short-lived subscriptions.

/** The units of a plan's charging cycle (spec 3, section 3 "Plan", basicSettings.cycle). */
export type CycleUnit = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface Cycle {
  time: number;
  unit: CycleUnit;
}

/** Days in the month the monthly revenue is spread over (the limits' month basis, spec 3 section 9). */
export const DAYS_PER_MONTH = 30;

/** A cycle's charge as monthly recurring revenue, minor units (integer, rounded half away from zero). */
export function monthlyAmount(amount: number, cycle: Cycle): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount ${amount}`);
  if (!Number.isInteger(cycle.time) || cycle.time < 1) throw new RangeError(`cycle time ${cycle.time}`);
  const minor = BigInt(amount);
  const time = BigInt(cycle.time);
  switch (cycle.unit) {
    case 'DAY':
      return Number(divideRounded(minor * BigInt(DAYS_PER_MONTH), time));
    case 'WEEK':
      return Number(divideRounded(minor * BigInt(DAYS_PER_MONTH), time * 7n));
    case 'MONTH':
      return Number(divideRounded(minor, time));
    case 'YEAR':
      return Number(divideRounded(minor, time * 12n));
  }
}

/**
 * The churn rate in percent with two decimals (3.25 is 3.25 %), from monthly recurring revenue in minor units of one
 * currency: the revenue cancelled in the period over the revenue active at its start. Null when nothing was active at
 * the start (the box shows no rate rather than 0 % or infinity).
 */
export function churnRate(cancelledRevenue: number, openingRevenue: number): number | null {
  if (openingRevenue <= 0) return null;
  return Number(divideRounded(BigInt(cancelledRevenue) * 10_000n, BigInt(openingRevenue))) / 100;
}

/** What the overview's boxes show for a period (spec 3, section 3 "Subscription", overview data). */
export interface SubscriptionKpis {
  activeSubscriptions: { initial: number; renewal: number };
  cancelledSubscriptions: { total: number; churnRate: number | null; initial: number };
  cancellationReasons: Record<string, number>;
}

/** The rollup's sums for a period (src/server/db/subscription-kpis.ts reads them). */
export interface KpiSums {
  started: number;
  renewed: number;
  cancelled: number;
  cancelledInitial: number;
  /** Monthly recurring revenue cancelled in the period. */
  cancelledRevenue: number;
  /** Monthly recurring revenue active at the period's start: started before it less cancelled before it. */
  openingRevenue: number;
  /** Cancellations in the period by source. */
  reasons: Record<string, number>;
}

/**
 * The boxes from the sums. Active counts the subscriptions started in the period (Initials) and the cycles renewed in
 * it (Renewals); Cancelled the subscriptions cancelled in it, those in their first cycle as its Initials.
 */
export function subscriptionKpis(sums: KpiSums): SubscriptionKpis {
  return {
    activeSubscriptions: { initial: sums.started, renewal: sums.renewed },
    cancelledSubscriptions: {
      total: sums.cancelled,
      churnRate: churnRate(sums.cancelledRevenue, sums.openingRevenue),
      initial: sums.cancelledInitial,
    },
    cancellationReasons: { ...sums.reasons },
  };
}

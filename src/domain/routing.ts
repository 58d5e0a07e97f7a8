// The routing engine: which route and MID take an order, how traffic splits, and when a declined payment is retried
// on the fallback MID. Pure and deterministic (randomness is an argument); today the demo data generator routes every
// payment with it, and the routing simulator and route wizard are to use the same code. The rules are written out in
// the README section "Routing rules".

import { type FallbackProblem, fallbackProblem } from './routes';
import {
  type CompiledCriteria,
  compileCriteria,
  type NormalisedOrder,
  normaliseOrder,
  orderMatchesCompiled,
  type RoutingCriteria,
  type RoutingOrder,
} from './routing-criteria';

export {
  NONE_CUSTOM_TAG,
  normaliseUrl,
  orderMatches,
  ROUTING_CRITERIA,
  ROUTING_CRITERION_LABELS,
  type RoutingCriteria,
  type RoutingCriterion,
  type RoutingOrder,
} from './routing-criteria';

export interface RoutingMid extends RoutingCriteria {
  readonly id: string;
  /** A disabled MID serves no route and takes no fallback. */
  readonly enable: boolean;
  /** Answers within the payment call; only then can a decline be retried on a fallback MID. */
  readonly synchronous: boolean;
}

export interface RoutingRoute extends RoutingCriteria {
  readonly id: string;
  readonly description: string;
  /** 1 to 10, 10 highest. */
  readonly priority: number;
  /** 0 to 100; 0 never serves. */
  readonly weight: number;
  readonly midId: string;
  readonly fallbackMidId?: string | null;
}

/** MIDs by id, or a plain list of them. */
export type MidLookup<M extends RoutingMid> = ReadonlyMap<string, M> | readonly M[];

/** Why a route that matches the order takes a given share. */
export type RouteShareStatus = 'serving' | 'lower-priority' | 'weight-zero' | 'mid-disabled';

export interface RouteShare<R extends RoutingRoute = RoutingRoute> {
  readonly id: string;
  readonly description: string;
  readonly priority: number;
  readonly weight: number;
  readonly midId: string;
  /** Share of the order's traffic for display, one decimal; the serving routes' percentages add up to exactly 100. */
  readonly percentage: number;
  /** Exact share of the order's traffic, 0 to 1. */
  readonly share: number;
  readonly status: RouteShareStatus;
  readonly route: R;
}

export interface Distribution<R extends RoutingRoute = RoutingRoute> {
  /** Priority of the group that takes the traffic; null when no route serves the order. */
  readonly priority: number | null;
  /** The winning priority group, by weight (highest first) then id. */
  readonly serving: ReadonlyArray<RouteShare<R>>;
  /** Every other route matching the order, at percentage 0: by priority (highest first), weight, then id. */
  readonly others: ReadonlyArray<RouteShare<R>>;
}

export interface RoutingAttempt {
  readonly midId: string;
  readonly fallback: boolean;
  readonly declined: boolean;
}

/** Why a declined payment was not retried on a fallback MID. */
export type FallbackSkipReason =
  | 'no-fallback'
  | 'fallback-mid-missing'
  | 'fallback-mid-disabled'
  | 'not-synchronous'
  | 'fallback-criteria-mismatch'
  | FallbackProblem;

export type PaymentRouting<R extends RoutingRoute = RoutingRoute, M extends RoutingMid = RoutingMid> =
  | { readonly outcome: 'no-route' }
  | {
      readonly outcome: 'approved' | 'declined';
      readonly routeId: string;
      /** The MID of the last attempt: the one that approved, or the last one that declined. */
      readonly midId: string;
      /** True when the last attempt ran on the route's fallback MID. */
      readonly fallback: boolean;
      readonly attempts: readonly RoutingAttempt[];
      readonly route: R;
      readonly mid: M;
      /** Set when the first MID declined and no retry happened. */
      readonly fallbackSkipped?: FallbackSkipReason;
    };

export interface RoutePaymentOptions {
  /** A number in [0, 1) that picks the route inside the winning priority group. */
  readonly random: number;
  /** Whether the given MID declines this payment. */
  readonly declines: (midId: string, attempt: { readonly routeId: string; readonly fallback: boolean }) => boolean;
}

/** Routes and MIDs prepared once, for routing many orders (the demo data generator routes millions). */
export interface Router<R extends RoutingRoute = RoutingRoute, M extends RoutingMid = RoutingMid> {
  servingRoutes(order: RoutingOrder): R[];
  distribution(order: RoutingOrder): Distribution<R>;
  /**
   * The serving routes of an order already normalised, each with its exact share: distribution()'s `serving`
   * without the percentages or the other routes (the routing backtest asks this for thousands of orders).
   */
  servingShares(order: NormalisedOrder): Array<{ readonly route: R; readonly share: number }>;
  chooseRoute(order: RoutingOrder, random: number): R | null;
  routePayment(order: RoutingOrder, options: RoutePaymentOptions): PaymentRouting<R, M>;
}

/** Digits of the displayed percentage. */
export const PERCENTAGE_DECIMALS = 1;

interface CompiledMid<M extends RoutingMid> {
  readonly mid: M;
  readonly criteria: CompiledCriteria;
}

interface CompiledRoute<R extends RoutingRoute, M extends RoutingMid> {
  readonly route: R;
  readonly criteria: CompiledCriteria;
  readonly mid: CompiledMid<M> | undefined;
  /** MID known and enabled, weight above 0: only the criteria remain to be checked. */
  readonly eligible: boolean;
}

interface MatchedRoute<R extends RoutingRoute, M extends RoutingMid> {
  readonly entry: CompiledRoute<R, M>;
  readonly status: Exclude<RouteShareStatus, 'lower-priority'> | 'candidate';
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function hasWeight(route: RoutingRoute): boolean {
  return Number.isFinite(route.weight) && route.weight > 0;
}

function assertRandom(random: number): void {
  if (!(random >= 0 && random < 1)) throw new RangeError(`random must be in [0, 1), got ${random}`);
}

/**
 * Whole units of 10^-decimals percent by the largest-remainder method, so the shown values add up to exactly 100:
 * each weight gets the floor of its exact share, and the units left over go to the largest remainders (ties to the
 * earlier weight).
 */
export function splitPercentages(weights: readonly number[], decimals = PERCENTAGE_DECIMALS): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0 || !(total > 0)) return weights.map(() => 0);
  const scale = 10 ** decimals;
  const units = 100 * scale;
  const exact = weights.map((weight) => (weight * units) / total);
  const floors = exact.map(Math.floor);
  let left = units - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - floors[index]! }));
  order.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors.map((value) => value / scale);
}

function toMidMap<M extends RoutingMid>(mids: MidLookup<M>): ReadonlyMap<string, M> {
  return Array.isArray(mids)
    ? new Map((mids as readonly M[]).map((mid) => [mid.id, mid]))
    : (mids as ReadonlyMap<string, M>);
}

export function createRouter<R extends RoutingRoute, M extends RoutingMid>(
  routes: readonly R[],
  mids: MidLookup<M>,
): Router<R, M> {
  const compiledMids = new Map<string, CompiledMid<M>>();
  for (const [id, mid] of toMidMap(mids)) compiledMids.set(id, { mid, criteria: compileCriteria(mid) });

  // Highest priority first, then id: the first candidate found fixes the winning priority, and the pick inside a
  // group does not depend on the order the caller listed the routes in.
  const entries: Array<CompiledRoute<R, M>> = routes
    .map((route) => {
      const mid = compiledMids.get(route.midId);
      return { route, criteria: compileCriteria(route), mid, eligible: Boolean(mid?.mid.enable) && hasWeight(route) };
    })
    .sort((a, b) => b.route.priority - a.route.priority || byId(a.route, b.route));

  function matched(order: NormalisedOrder): Array<MatchedRoute<R, M>> {
    const result: Array<MatchedRoute<R, M>> = [];
    for (const entry of entries) {
      // A route whose MID is unknown cannot take payments, and its MID's criteria are unknown: it matches nothing.
      if (!entry.mid || !matches(order, entry)) continue;
      const status = !entry.mid.mid.enable ? 'mid-disabled' : !hasWeight(entry.route) ? 'weight-zero' : 'candidate';
      result.push({ entry, status });
    }
    return result;
  }

  function matches(order: NormalisedOrder, entry: CompiledRoute<R, M>): boolean {
    return orderMatchesCompiled(order, entry.criteria) && orderMatchesCompiled(order, entry.mid!.criteria);
  }

  // The hot path of the demo data generator: no intermediate lists, and it stops at the first lower priority.
  function winningGroup(order: NormalisedOrder): Array<CompiledRoute<R, M>> {
    const group: Array<CompiledRoute<R, M>> = [];
    for (const entry of entries) {
      if (group.length > 0 && entry.route.priority !== group[0]!.route.priority) break;
      if (entry.eligible && matches(order, entry)) group.push(entry);
    }
    return group;
  }

  function pick(order: NormalisedOrder, random: number): CompiledRoute<R, M> | undefined {
    assertRandom(random);
    const group = winningGroup(order);
    const total = group.reduce((sum, entry) => sum + entry.route.weight, 0);
    const target = random * total;
    let cumulative = 0;
    for (const entry of group) {
      cumulative += entry.route.weight;
      if (target < cumulative) return entry;
    }
    // Rounding in the running sum can leave a target a hair above the last bound; it belongs to the last route.
    return group.at(-1);
  }

  function fallbackSkip(entry: CompiledRoute<R, M>, order: NormalisedOrder): FallbackSkipReason | CompiledMid<M> {
    const fallbackId = entry.route.fallbackMidId;
    if (!fallbackId) return 'no-fallback';
    const fallback = compiledMids.get(fallbackId);
    if (!fallback) return 'fallback-mid-missing';
    // The route's own MID is found and enabled (it served), so 'same-mid' still wins over the two checks above.
    if (!fallback.mid.enable) return 'fallback-mid-disabled';
    const problem = fallbackProblem(entry.mid!.mid, fallback.mid);
    if (problem) return problem;
    if (!orderMatchesCompiled(order, fallback.criteria)) return 'fallback-criteria-mismatch';
    return fallback;
  }

  function share(entry: CompiledRoute<R, M>, status: RouteShareStatus, percentage = 0, exact = 0): RouteShare<R> {
    const { route } = entry;
    return {
      id: route.id,
      description: route.description,
      priority: route.priority,
      weight: route.weight,
      midId: route.midId,
      percentage,
      share: exact,
      status,
      route,
    };
  }

  return {
    servingRoutes(order) {
      return matched(normaliseOrder(order))
        .filter(({ status }) => status === 'candidate')
        .map(({ entry }) => entry.route);
    },

    distribution(order) {
      const normalised = normaliseOrder(order);
      const group = winningGroup(normalised);
      const winners = new Set(group);
      const displayed = [...group].sort((a, b) => b.route.weight - a.route.weight || byId(a.route, b.route));
      const total = group.reduce((sum, entry) => sum + entry.route.weight, 0);
      const percentages = splitPercentages(displayed.map((entry) => entry.route.weight));
      const serving = displayed.map((entry, index) =>
        share(entry, 'serving', percentages[index], entry.route.weight / total),
      );
      const others = matched(normalised)
        .filter(({ entry }) => !winners.has(entry))
        .map(({ entry, status }) => share(entry, status === 'candidate' ? 'lower-priority' : status))
        .sort((a, b) => b.priority - a.priority || b.weight - a.weight || byId(a, b));
      return { priority: group[0]?.route.priority ?? null, serving, others };
    },

    servingShares(order) {
      const group = winningGroup(order);
      const total = group.reduce((sum, entry) => sum + entry.route.weight, 0);
      return group.map((entry) => ({ route: entry.route, share: entry.route.weight / total }));
    },

    chooseRoute(order, random) {
      return pick(normaliseOrder(order), random)?.route ?? null;
    },

    routePayment(order, { random, declines }) {
      const normalised = normaliseOrder(order);
      const entry = pick(normalised, random);
      if (!entry) return { outcome: 'no-route' };
      const { route } = entry;
      const primary = entry.mid!.mid;
      const firstDeclined = declines(primary.id, { routeId: route.id, fallback: false });
      const attempts: RoutingAttempt[] = [{ midId: primary.id, fallback: false, declined: firstDeclined }];
      const result = { routeId: route.id, route, attempts };
      if (!firstDeclined) return { ...result, outcome: 'approved', midId: primary.id, mid: primary, fallback: false };

      const fallback = fallbackSkip(entry, normalised);
      if (typeof fallback === 'string') {
        return {
          ...result,
          outcome: 'declined',
          midId: primary.id,
          mid: primary,
          fallback: false,
          fallbackSkipped: fallback,
        };
      }
      const retryDeclined = declines(fallback.mid.id, { routeId: route.id, fallback: true });
      attempts.push({ midId: fallback.mid.id, fallback: true, declined: retryDeclined });
      return {
        ...result,
        outcome: retryDeclined ? 'declined' : 'approved',
        midId: fallback.mid.id,
        mid: fallback.mid,
        fallback: true,
      };
    },
  };
}

/** Routes that can take the order (criteria match, MID enabled, weight above 0), highest priority first, then id. */
export function servingRoutes<R extends RoutingRoute, M extends RoutingMid>(
  order: RoutingOrder,
  routes: readonly R[],
  mids: MidLookup<M>,
): R[] {
  return createRouter(routes, mids).servingRoutes(order);
}

/** The traffic split the simulator shows: the winning priority group with percentages, and the rest at 0. */
export function distribution<R extends RoutingRoute, M extends RoutingMid>(
  order: RoutingOrder,
  routes: readonly R[],
  mids: MidLookup<M>,
): Distribution<R> {
  return createRouter(routes, mids).distribution(order);
}

/** The route one order takes, given a number in [0, 1); null when no route serves it. */
export function chooseRoute<R extends RoutingRoute, M extends RoutingMid>(
  order: RoutingOrder,
  routes: readonly R[],
  mids: MidLookup<M>,
  random: number,
): R | null {
  return createRouter(routes, mids).chooseRoute(order, random);
}

/** Routes one payment: picks the route, asks its MID, and retries a decline on the fallback MID when allowed. */
export function routePayment<R extends RoutingRoute, M extends RoutingMid>(
  order: RoutingOrder,
  routes: readonly R[],
  mids: MidLookup<M>,
  options: RoutePaymentOptions,
): PaymentRouting<R, M> {
  return createRouter(routes, mids).routePayment(order, options);
}

import { ROUTE_MESSAGES, type SimulationOrder, simulationOrder } from './contract/routes';
import {
  NONE_CUSTOM_TAG,
  orderMatches,
  ROUTING_CRITERIA,
  type RoutingCriteria,
  type RoutingCriterion,
} from './routing-criteria';
import { fieldErrors } from './validation';

// Route rules shared by the wizard, the simulator and the server (spec 2, sections 2.4, 2.5, 4, 5 and 8).

const values = (criteria: RoutingCriteria, criterion: RoutingCriterion) =>
  (criteria[criterion] ?? []).filter((value) => value.trim() !== '');

/** Whether the MID's list for one variable takes every value the route's list for it lets through. */
function criterionAccepts(mid: RoutingCriteria, route: RoutingCriteria, criterion: RoutingCriterion): boolean {
  const accepted = values(mid, criterion);
  if (accepted.length === 0) return true;
  const wanted = values(route, criterion);
  if (wanted.length === 0) return false;
  return wanted.every((value) => {
    const none = criterion === 'customTag' && value.trim().toUpperCase() === NONE_CUSTOM_TAG;
    return orderMatches({ [criterion]: none ? null : value }, { [criterion]: accepted });
  });
}

/** The MID's variables that refuse part of the orders the route's variables let through; empty when none does. */
export function criteriaRefusingRoute(mid: RoutingCriteria, route: RoutingCriteria): RoutingCriterion[] {
  return ROUTING_CRITERIA.filter((criterion) => !criterionAccepts(mid, route, criterion));
}

/**
 * Whether a MID takes every order the route's variables let through: where the MID restricts a variable, the route
 * must restrict it too, to values the MID accepts (a URL under one of the MID's URLs; NONE, the orders without a
 * custom tag, only where the MID accepts NONE). A route the MID would refuse part of is a bad config (mid-bad-config).
 */
export function midAcceptsRoute(mid: RoutingCriteria, route: RoutingCriteria): boolean {
  return ROUTING_CRITERIA.every((criterion) => criterionAccepts(mid, route, criterion));
}

export interface RouteBrokenByMidEdit<R> {
  route: R;
  /** The MID's variables that would refuse part of the route's orders and did not before. */
  criteria: RoutingCriterion[];
}

/**
 * The routes (as MID or as fallback) a MID edit would leave mis-configured: where the edited variables refuse part of
 * a route's orders that the MID took before (routing rule 7). A variable that already refused the route before the
 * edit is not the edit's doing, so a route saved badly earlier does not block renaming its MID.
 */
export function routesBrokenByMidEdit<R extends RoutingCriteria>(
  before: RoutingCriteria,
  after: RoutingCriteria,
  routes: readonly R[],
): RouteBrokenByMidEdit<R>[] {
  return routes.flatMap((route) => {
    const refusedBefore = new Set(criteriaRefusingRoute(before, route));
    const criteria = criteriaRefusingRoute(after, route).filter((criterion) => !refusedBefore.has(criterion));
    return criteria.length > 0 ? [{ route, criteria }] : [];
  });
}

export type BadConfigKey = 'mid-bad-config' | 'fallback-bad-config' | 'mids-bad-config';

/** Which of the route's MIDs no longer accept its variables, as the spec's message key; null when both do. */
export function badConfigOf(
  route: RoutingCriteria,
  mid: RoutingCriteria,
  fallback: RoutingCriteria | null | undefined,
): BadConfigKey | null {
  const midBad = !midAcceptsRoute(mid, route);
  const fallbackBad = fallback ? !midAcceptsRoute(fallback, route) : false;
  if (midBad && fallbackBad) return 'mids-bad-config';
  if (midBad) return 'mid-bad-config';
  return fallbackBad ? 'fallback-bad-config' : null;
}

/** A MID as the fallback rule reads it. */
export interface FallbackCandidate {
  readonly id: string;
  readonly synchronous: boolean;
}

/** Why a MID cannot be a route's fallback; routing rule 6 skips such a fallback for the same reasons. */
export type FallbackProblem = 'same-mid' | 'not-synchronous';

export const FALLBACK_MESSAGES: Readonly<Record<FallbackProblem, string>> = {
  'same-mid': ROUTE_MESSAGES.fallbackSame,
  'not-synchronous': ROUTE_MESSAGES.fallbackSynchronous,
};

/**
 * Whether `fallback` may back up a route on `mid` (spec 2, section 2.4: a fallback MID only with synchronous MIDs): it
 * must be another MID, and both must answer within the payment call. Null when it may.
 */
export function fallbackProblem(mid: FallbackCandidate, fallback: FallbackCandidate): FallbackProblem | null {
  if (fallback.id === mid.id) return 'same-mid';
  if (!mid.synchronous || !fallback.synchronous) return 'not-synchronous';
  return null;
}

// The simulated order (spec 2, sections 4 and 5): the simulator screen and the wizard's step 3 check it the same way.

type OrderField = keyof SimulationOrder;
const orderKey = (field: OrderField) => `order.${field}`;

/** The order's messages keyed 'order.{field}', the first per field; empty when the order may be simulated. */
export function orderErrors(order: SimulationOrder): Record<string, string> {
  const parsed = simulationOrder.safeParse(order);
  if (parsed.success) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [orderKey(field as OrderField), message]),
  );
}

/**
 * The messages left after the order changed from `before` to `after` (spec 2, section 4: changing an order field
 * clears that field's error): the edited fields lose theirs, every other message stays. The same object when nothing
 * was cleared, so a caller can skip a re-render.
 */
export function errorsAfterOrderChange<E extends Readonly<Record<string, string>>>(
  errors: E,
  before: SimulationOrder,
  after: SimulationOrder,
): E {
  const fields = Object.keys({ ...before, ...after }) as OrderField[];
  const cleared = new Set(fields.filter((field) => before[field] !== after[field]).map(orderKey));
  if (!Object.keys(errors).some((key) => cleared.has(key))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !cleared.has(key))) as E;
}

// The routes list's filters (spec 2.4): weight in bands of ten, priority 10 down to 1, with or without a fallback MID.
// The filter bar and the query keys offer these same options.

/** Bands of ten by their lower bound (the list call's weight values); the last one takes 100 too. */
export const ROUTE_WEIGHT_BAND_OPTIONS: readonly { value: string; label: string }[] = Array.from(
  { length: 10 },
  (_, band) => ({ value: String(band * 10), label: `${band * 10}-${band === 9 ? 100 : band * 10 + 10}` }),
);

/** 10 is the highest priority, so it comes first. */
export const ROUTE_PRIORITY_OPTIONS: readonly { value: string; label: string }[] = Array.from(
  { length: 10 },
  (_, index) => ({ value: String(10 - index), label: String(10 - index) }),
);

/** The fallbackRoute filter: one of the two, never both. */
export const ROUTE_FALLBACK_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'true', label: 'With fallback' },
  { value: 'false', label: 'Without fallback' },
];

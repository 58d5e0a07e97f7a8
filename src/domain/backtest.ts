import {
  BACKTEST_LIMITS,
  BACKTEST_OTHER,
  type BacktestPreset,
  type BacktestResult,
  type BacktestSegment,
  type BacktestVolume,
  type BacktestWindow,
} from './contract/backtest';
import { fallbackProblem } from './routes';
import {
  createRouter,
  type MidLookup,
  ROUTING_CRITERIA,
  type RoutingCriteria,
  type RoutingCriterion,
  type RoutingMid,
  type RoutingOrder,
  type RoutingRoute,
} from './routing';
import {
  type CompiledCriteria,
  compileCriteria,
  type NormalisedOrder,
  normaliseOrder,
  orderMatchesCompiled,
} from './routing-criteria';

// The routing backtest (issue 15), pure: the window's payments, already grouped by their routing values, are routed
// once per group through the current routing and through the draft with the one engine (routing.ts), and weights
// split each group as expected values (a route with 70 % of a priority group takes 70 % of every group it serves).
// The server aggregates in SQL (src/server/areas/routes/backtest.ts) and calls these; the property test in
// tests/domain/backtest.test.ts checks them against routing every payment one by one.

/** A group's value per criterion: the value, null when the payments carry none, or COLLAPSED_VALUE. */
export type BacktestValues = { readonly [K in RoutingCriterion]: string | null };

/**
 * A value no route or MID names, standing for all of them. It holds a control character, which no criterion list can
 * (the API refuses control characters in every body), so the engine never finds it in a list.
 */
export const COLLAPSED_VALUE = '\u0001OTHER';

/**
 * Criteria whose unnamed values collapse. Currency and card brand keep theirs: amounts are per currency anyway, and
 * the approval estimate reads each payment's card brand.
 */
export const COLLAPSING_CRITERIA = ['issuerCountry', 'url', 'customTag', 'binCode'] as const;
type CollapsingCode = Exclude<(typeof COLLAPSING_CRITERIA)[number], 'url'>;
const COLLAPSING_CODES: readonly CollapsingCode[] = ['issuerCountry', 'customTag', 'binCode'];

/** Payments with the same routing values and currency: how many, and their amount in minor units. */
export interface PaymentGroup {
  readonly values: BacktestValues;
  /** Currency of the amount (the payments' own currency column). */
  readonly currency: string;
  readonly payments: number;
  readonly amount: number;
}

/** First attempts of one MID and card brand in the window that succeeded or were declined. */
export interface MidApprovalStats {
  readonly midId: string;
  readonly cardBrand: string | null;
  readonly successful: number;
  readonly declined: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The window.

const DAY_MS = 24 * 60 * 60 * 1000;
export const BACKTEST_PRESET_DAYS: Record<BacktestPreset, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The window as instants: a preset ends now; from/to as given. Payments count from `from` (inclusive) to `to`. */
export function backtestWindowRange(window: BacktestWindow, now: number): { from: Date; to: Date } {
  if ('preset' in window)
    return { from: new Date(now - BACKTEST_PRESET_DAYS[window.preset] * DAY_MS), to: new Date(now) };
  return { from: new Date(window.from), to: new Date(window.to) };
}

// ---------------------------------------------------------------------------------------------------------------
// Collapsing the values no route or MID names.

interface UrlItem {
  readonly host: string;
  readonly segments: readonly string[];
}

/** Per collapsing criterion, the values some route or MID names, normalised as the engine compares them. */
export interface MentionedValues {
  readonly codes: { readonly [K in CollapsingCode]: ReadonlySet<string> };
  /** URL items by host: each a path prefix, in whole segments. */
  readonly urls: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
}

/** The values the criteria lists of these routes and MIDs name (the current and the draft routing, and their MIDs). */
export function mentionedValues(criteriaSets: Iterable<RoutingCriteria>): MentionedValues {
  const codes = { issuerCountry: new Set<string>(), customTag: new Set<string>(), binCode: new Set<string>() };
  const urls = new Map<string, Array<readonly string[]>>();
  for (const criteria of criteriaSets) {
    const compiled = compileCriteria(criteria);
    for (const [criterion, accepted] of compiled.codes) {
      if (!(COLLAPSING_CODES as readonly string[]).includes(criterion)) continue;
      // An item the engine keeps as an unmatchable key (a malformed BIN starts with U+0000) names no value.
      for (const value of accepted) if (!value.startsWith('\u0000')) codes[criterion as CollapsingCode].add(value);
    }
    for (const [host, prefixes] of compiled.urls ?? []) {
      const known = urls.get(host) ?? [];
      for (const prefix of prefixes) {
        if (!known.some((other) => sameSegments(other, prefix))) known.push(prefix);
      }
      urls.set(host, known);
    }
  }
  return { codes, urls };
}

/**
 * How many values `added` names that `base` does not: what a draft's routes add to the values a backtest keeps apart
 * (BACKTEST_LIMITS.newValues).
 */
export function newlyNamedValues(base: MentionedValues, added: MentionedValues): number {
  let count = 0;
  for (const criterion of COLLAPSING_CODES) {
    for (const value of added.codes[criterion]) if (!base.codes[criterion].has(value)) count += 1;
  }
  for (const [host, prefixes] of added.urls) {
    const known = base.urls.get(host) ?? [];
    for (const prefix of prefixes) if (!known.some((other) => sameSegments(other, prefix))) count += 1;
  }
  return count;
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((segment, index) => segment === b[index]);
}

function isPathPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}

const urlText = (item: UrlItem) => `${item.host}${item.segments.map((segment) => `/${segment}`).join('')}`;

/** A code criterion's value (as stored, and as the engine compares it), collapsed when no list names it. */
function collapseCode(
  criterion: Exclude<RoutingCriterion, 'url'>,
  raw: string | null | undefined,
  value: string | undefined,
  mentioned: MentionedValues,
): string | null {
  if (raw === COLLAPSED_VALUE) return COLLAPSED_VALUE;
  if (value === undefined) return null;
  if (criterion === 'currency' || criterion === 'cardBrand') return value;
  return mentioned.codes[criterion].has(value) ? value : COLLAPSED_VALUE;
}

/** An order URL as the longest named URL it falls under, else collapsed; null when it has none. */
function collapseUrl(raw: string | null | undefined, mentioned: MentionedValues): string | null {
  if (raw === COLLAPSED_VALUE) return COLLAPSED_VALUE;
  const url = normaliseOrder({ url: raw }).url;
  if (!url) return null;
  let best: readonly string[] | undefined;
  for (const prefix of mentioned.urls.get(url.host) ?? []) {
    if (isPathPrefix(prefix, url.segments) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best ? urlText({ host: url.host, segments: best }) : COLLAPSED_VALUE;
}

type RawValues = { readonly [K in RoutingCriterion]?: string | null };

/** collapseValues with each URL parsed once: many groups share a URL (it is the costly value to normalise). */
function valueCollapser(mentioned: MentionedValues): (raw: RawValues) => BacktestValues {
  const urls = new Map<string | null | undefined, string | null>();
  return (raw) => {
    let url = urls.get(raw.url);
    if (url === undefined && !urls.has(raw.url)) {
      url = collapseUrl(raw.url, mentioned);
      urls.set(raw.url, url);
    }
    const { codes } = normaliseOrder({ ...raw, url: null });
    const code = (criterion: Exclude<RoutingCriterion, 'url'>) =>
      collapseCode(criterion, raw[criterion], codes[criterion], mentioned);
    return {
      currency: code('currency'),
      issuerCountry: code('issuerCountry'),
      cardBrand: code('cardBrand'),
      url: url ?? null,
      customTag: code('customTag'),
      binCode: code('binCode'),
    };
  };
}

/**
 * A group's values with every value no list names collapsed, so groups that route alike merge: codes compare as the
 * engine compares them (trimmed, upper case; a BIN of 6 digits); a URL becomes the longest named URL it falls under
 * (which names exactly the items it matches), else COLLAPSED_VALUE; values the payments lack stay null.
 * COLLAPSED_VALUE stays as it is (the SQL aggregation collapses plain values itself).
 */
export function collapseValues(raw: RawValues, mentioned: MentionedValues): BacktestValues {
  return valueCollapser(mentioned)(raw);
}

const groupKey = (currency: string, values: BacktestValues) =>
  JSON.stringify([currency, ...ROUTING_CRITERIA.map((criterion) => values[criterion])]);

/** Collapses every group's values (collapseValues) and merges the groups that end up alike. */
export function collapseGroups(groups: Iterable<PaymentGroup>, mentioned: MentionedValues): PaymentGroup[] {
  const collapse = valueCollapser(mentioned);
  const merged = new Map<string, { values: BacktestValues; currency: string; payments: number; amount: number }>();
  for (const group of groups) {
    const values = collapse(group.values);
    const key = groupKey(group.currency, values);
    const found = merged.get(key);
    if (found) {
      found.payments += group.payments;
      found.amount += group.amount;
    } else {
      merged.set(key, { values, currency: group.currency, payments: group.payments, amount: group.amount });
    }
  }
  return [...merged.values()];
}

/**
 * The order the engine routes for a group. A collapsed code goes as it is (no list holds it); a collapsed URL or BIN
 * goes as a missing value, which routes the same way: only the custom tag has a rule for missing values (NONE).
 */
function routingOrderOf(values: BacktestValues): RoutingOrder {
  const order: Record<string, string | null> = {};
  for (const criterion of ROUTING_CRITERIA) {
    const value = values[criterion];
    order[criterion] = value === COLLAPSED_VALUE && (criterion === 'url' || criterion === 'binCode') ? null : value;
  }
  return order as RoutingOrder;
}

// ---------------------------------------------------------------------------------------------------------------
// The backtest.

/** The routing compared, and how the payments' values are read. */
export interface BacktestSetup<R extends RoutingRoute, M extends RoutingMid> {
  readonly currentRoutes: readonly R[];
  readonly draftRoutes: readonly R[];
  readonly mids: MidLookup<M>;
  /** When given, the values no list names collapse (collapseValues) before groups are merged and routed. */
  readonly mentioned?: MentionedValues;
}

export interface BacktestInput<R extends RoutingRoute, M extends RoutingMid> extends BacktestSetup<R, M> {
  readonly groups: Iterable<PaymentGroup>;
  readonly approvals: readonly MidApprovalStats[];
  /** Checked every few groups: an aborted backtest throws the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Payments and amount per currency, unrounded. */
export interface Volume {
  payments: number;
  readonly amounts: Map<string, number>;
}

export interface SegmentFigures {
  readonly values: BacktestValues;
  /** null: no route serves the payments on that side. */
  readonly fromMidId: string | null;
  readonly toMidId: string | null;
  readonly volume: Volume;
}

/** The backtest's numbers, unrounded (toBacktestResult rounds amounts for the answer). */
export interface BacktestFigures {
  readonly total: Volume;
  readonly mids: Map<string, { readonly current: Volume; readonly draft: Volume }>;
  readonly moved: Volume;
  /** Every moving segment, largest first. */
  readonly segments: SegmentFigures[];
  readonly unrouted: { readonly current: Volume; readonly draft: Volume };
  readonly fallbackCoverage: { readonly current: number; readonly draft: number };
  readonly approvals: {
    readonly current: number | null;
    readonly draft: number | null;
    readonly midsWithoutHistory: string[];
  };
}

/** Shares below this are rounding noise of the weight arithmetic, not traffic. */
const EPSILON = 1e-12;
/** Groups routed between two looks at the abort signal. */
const ABORT_CHECK_EVERY = 64;

const emptyVolume = (): Volume => ({ payments: 0, amounts: new Map() });

function addTo(volume: Volume, payments: number, currency: string, amount: number): void {
  volume.payments += payments;
  volume.amounts.set(currency, (volume.amounts.get(currency) ?? 0) + amount);
}

const brandKey = (cardBrand: string | null | undefined) => normaliseOrder({ cardBrand }).codes.cardBrand ?? null;

/**
 * Each MID's successful and declined first attempts, by card brand, as they are added; rate(): the brand's rate where
 * the MID and brand have enough outcomes, else the MID's overall rate, undefined when the MID has no history at all.
 */
function approvalRates() {
  const byMid = new Map<
    string,
    { successful: number; declined: number; brands: Map<string | null, [number, number]> }
  >();
  return {
    add(row: MidApprovalStats) {
      const mid = byMid.get(row.midId) ?? { successful: 0, declined: 0, brands: new Map() };
      mid.successful += row.successful;
      mid.declined += row.declined;
      const brand = brandKey(row.cardBrand);
      const [successful, declined] = mid.brands.get(brand) ?? [0, 0];
      mid.brands.set(brand, [successful + row.successful, declined + row.declined]);
      byMid.set(row.midId, mid);
    },
    rate(midId: string, cardBrand: string | null): number | undefined {
      const mid = byMid.get(midId);
      if (!mid || mid.successful + mid.declined <= 0) return undefined;
      const [successful, declined] = mid.brands.get(brandKey(cardBrand)) ?? [0, 0];
      if (successful + declined >= BACKTEST_LIMITS.approvalMinPayments) return successful / (successful + declined);
      return mid.successful / (mid.successful + mid.declined);
    },
  };
}

/** How one routing takes one group: each MID's share (null: no route serves it), and the share with a fallback. */
interface Routed {
  readonly shares: Map<string | null, number>;
  readonly withFallback: number;
}

function createSide<R extends RoutingRoute, M extends RoutingMid>(routes: readonly R[], mids: ReadonlyMap<string, M>) {
  const router = createRouter(routes, mids);
  const compiled = new Map<string, CompiledCriteria>();
  const criteriaOf = (mid: M) => {
    let found = compiled.get(mid.id);
    if (!found) {
      found = compileCriteria(mid);
      compiled.set(mid.id, found);
    }
    return found;
  };
  /** Routing rule 6: a decline on the route's MID would be retried on its fallback MID. */
  const retries = (route: R, order: NormalisedOrder) => {
    const primary = mids.get(route.midId);
    const fallback = route.fallbackMidId ? mids.get(route.fallbackMidId) : undefined;
    if (!primary || !fallback?.enable || fallbackProblem(primary, fallback)) return false;
    return orderMatchesCompiled(order, criteriaOf(fallback));
  };
  return {
    route(order: NormalisedOrder): Routed {
      const serving = router.servingShares(order);
      const shares = new Map<string | null, number>();
      if (serving.length === 0) {
        shares.set(null, 1);
        return { shares, withFallback: 0 };
      }
      let withFallback = 0;
      for (const { route, share } of serving) {
        shares.set(route.midId, (shares.get(route.midId) ?? 0) + share);
        if (retries(route, order)) withFallback += share;
      }
      return { shares, withFallback };
    },
  };
}

interface SideTotals {
  readonly unrouted: Volume;
  routed: number;
  withFallback: number;
  approvedExpected: number;
  withRate: number;
}

const sideTotals = (): SideTotals => ({
  unrouted: emptyVolume(),
  routed: 0,
  withFallback: 0,
  approvedExpected: 0,
  withRate: 0,
});

/** Payments with the same (collapsed) values: routed once on each side when first seen, then only added up. */
interface RoutedGroup {
  readonly values: BacktestValues;
  readonly currency: string;
  readonly brand: string | null;
  readonly current: Routed;
  readonly draft: Routed;
  payments: number;
  amount: number;
}

/** A backtest fed as the aggregation answers (a slice of the window at a time), then finished. */
export interface Backtest {
  /** Payments of one group; groups of alike values (collapsed when the setup names the mentioned values) merge. */
  addGroup(group: PaymentGroup): void;
  addApprovals(stats: MidApprovalStats): void;
  finish(): BacktestFigures;
}

/**
 * Routes every group through the current routing and the draft, splitting it by the serving routes' shares.
 * Moved traffic is, per group, the sum over MIDs (no route counting as one) of what a MID loses; each group's losses
 * go to its gains in proportion, which gives the segments (group values, from MID, to MID).
 */
export function createBacktest<R extends RoutingRoute, M extends RoutingMid>(setup: BacktestSetup<R, M>): Backtest {
  const midMap: ReadonlyMap<string, M> = Array.isArray(setup.mids)
    ? new Map((setup.mids as readonly M[]).map((mid) => [mid.id, mid]))
    : (setup.mids as ReadonlyMap<string, M>);
  const current = createSide(setup.currentRoutes, midMap);
  const draft = createSide(setup.draftRoutes, midMap);
  const rates = approvalRates();
  const collapse = setup.mentioned ? valueCollapser(setup.mentioned) : (values: BacktestValues) => values;
  const groups = new Map<string, RoutedGroup>();

  /** The group of these values once collapsed, routed on both sides when first seen. */
  const routedGroup = (group: PaymentGroup): RoutedGroup => {
    const values = collapse(group.values);
    const key = groupKey(group.currency, values);
    let found = groups.get(key);
    if (!found) {
      const normalised = normaliseOrder(routingOrderOf(values));
      found = {
        values,
        currency: group.currency,
        brand: normalised.codes.cardBrand ?? null,
        current: current.route(normalised),
        draft: draft.route(normalised),
        payments: 0,
        amount: 0,
      };
      groups.set(key, found);
    }
    return found;
  };

  return {
    addGroup(group) {
      if (!(group.payments > 0)) return;
      const found = routedGroup(group);
      found.payments += group.payments;
      found.amount += group.amount;
    },
    addApprovals(stats) {
      rates.add(stats);
    },
    finish() {
      return sumUp(groups.values(), rates);
    },
  };
}

/** The figures of the routed groups. */
function sumUp(groups: Iterable<RoutedGroup>, rates: ReturnType<typeof approvalRates>): BacktestFigures {
  const total = emptyVolume();
  const moved = emptyVolume();
  const perMid = new Map<string, { current: Volume; draft: Volume }>();
  const segments = new Map<string, SegmentFigures>();
  const totals = { current: sideTotals(), draft: sideTotals() };
  const withoutHistory = new Set<string>();

  const midVolume = (midId: string) => {
    let found = perMid.get(midId);
    if (!found) {
      found = { current: emptyVolume(), draft: emptyVolume() };
      perMid.set(midId, found);
    }
    return found;
  };

  const account = (side: 'current' | 'draft', group: RoutedGroup) => {
    const routed = group[side];
    const sums = totals[side];
    if (routed.shares.has(null)) {
      addTo(sums.unrouted, group.payments, group.currency, group.amount);
      return;
    }
    sums.routed += group.payments;
    sums.withFallback += routed.withFallback * group.payments;
    for (const [midId, share] of routed.shares) {
      const mid = midId as string;
      const payments = share * group.payments;
      addTo(midVolume(mid)[side], payments, group.currency, share * group.amount);
      const rate = rates.rate(mid, group.brand);
      if (rate === undefined) {
        withoutHistory.add(mid);
      } else {
        sums.approvedExpected += payments * rate;
        sums.withRate += payments;
      }
    }
  };

  for (const group of groups) {
    addTo(total, group.payments, group.currency, group.amount);
    account('current', group);
    account('draft', group);
    const before = group.current.shares;
    const after = group.draft.shares;

    // What each side loses and gains; the no-route side is the MID null.
    const losses: Array<[string | null, number]> = [];
    const gains: Array<[string | null, number]> = [];
    let gained = 0;
    for (const [midId, share] of before) {
      const lost = share - (after.get(midId) ?? 0);
      if (lost > EPSILON) losses.push([midId, lost]);
    }
    for (const [midId, share] of after) {
      const won = share - (before.get(midId) ?? 0);
      if (won > EPSILON) {
        gains.push([midId, won]);
        gained += won;
      }
    }
    if (losses.length === 0 || gains.length === 0) continue;
    const movedShare = losses.reduce((sum, [, lost]) => sum + lost, 0);
    addTo(moved, movedShare * group.payments, group.currency, movedShare * group.amount);
    for (const [from, lost] of losses) {
      for (const [to, won] of gains) {
        const flow = (lost * won) / gained;
        const key = JSON.stringify([from, to, ...ROUTING_CRITERIA.map((criterion) => group.values[criterion])]);
        let segment = segments.get(key);
        if (!segment) {
          segment = { values: group.values, fromMidId: from, toMidId: to, volume: emptyVolume() };
          segments.set(key, segment);
        }
        addTo(segment.volume, flow * group.payments, group.currency, flow * group.amount);
      }
    }
  }

  const coverage = (sums: SideTotals) => (sums.routed > 0 ? sums.withFallback / sums.routed : 0);
  const approval = (sums: SideTotals) => (sums.withRate > 0 ? sums.approvedExpected / sums.withRate : null);
  const sortedSegments = [...segments.entries()]
    .sort(([keyA, a], [keyB, b]) => b.volume.payments - a.volume.payments || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, segment]) => segment);
  return {
    total,
    mids: perMid,
    moved,
    segments: sortedSegments,
    unrouted: { current: totals.current.unrouted, draft: totals.draft.unrouted },
    fallbackCoverage: { current: coverage(totals.current), draft: coverage(totals.draft) },
    approvals: {
      current: approval(totals.current),
      draft: approval(totals.draft),
      midsWithoutHistory: [...withoutHistory].sort(),
    },
  };
}

/** The whole backtest at once (createBacktest fed with every group and approval). */
export function runBacktest<R extends RoutingRoute, M extends RoutingMid>(input: BacktestInput<R, M>): BacktestFigures {
  const { signal } = input;
  signal?.throwIfAborted();
  const backtest = createBacktest(input);
  let index = 0;
  for (const group of input.groups) {
    if (++index % ABORT_CHECK_EVERY === 0) signal?.throwIfAborted();
    backtest.addGroup(group);
  }
  for (const stats of input.approvals) backtest.addApprovals(stats);
  signal?.throwIfAborted();
  return backtest.finish();
}

// ---------------------------------------------------------------------------------------------------------------
// The answer.

/** Expected payment counts keep 6 decimals: enough for any share, without the float noise of the sums. */
const roundPayments = (payments: number) => Math.round(payments * 1e6) / 1e6 || 0;
const roundAmount = (amount: number) => Math.round(amount) || 0;

const currencies = (...volumes: Volume[]) =>
  [...new Set(volumes.flatMap((volume) => [...volume.amounts.keys()]))].sort();

function volumeOut(volume: Volume): BacktestVolume {
  return {
    payments: roundPayments(volume.payments),
    amounts: currencies(volume).map((currency) => ({
      currency,
      amount: roundAmount(volume.amounts.get(currency) ?? 0),
    })),
  };
}

function differenceOut(current: Volume, draft: Volume): BacktestVolume {
  return {
    // The rounded figures' difference, so current + difference = draft as shown.
    payments: roundPayments(roundPayments(draft.payments) - roundPayments(current.payments)),
    amounts: currencies(current, draft).map((currency) => ({
      currency,
      amount: roundAmount(draft.amounts.get(currency) ?? 0) - roundAmount(current.amounts.get(currency) ?? 0),
    })),
  };
}

const shownValue = (value: string | null) => (value === COLLAPSED_VALUE ? BACKTEST_OTHER : value);

export interface MidInfo {
  readonly description: string;
  readonly acquirerName: string;
}

/**
 * The contract's answer: amounts rounded to whole minor units, payments to 6 decimals; the MIDs that take traffic on
 * either side, the busiest today first; the largest BACKTEST_LIMITS.segments moving segments.
 */
export function toBacktestResult(
  figures: BacktestFigures,
  context: { window: { from: Date; to: Date }; midInfo: (midId: string) => MidInfo },
): BacktestResult {
  const mids = [...figures.mids.entries()]
    .filter(([, volume]) => volume.current.payments > EPSILON || volume.draft.payments > EPSILON)
    .map(([midId, volume]) => ({ midId, ...context.midInfo(midId), ...volume }))
    .sort(
      (a, b) =>
        b.current.payments - a.current.payments ||
        b.draft.payments - a.draft.payments ||
        a.description.localeCompare(b.description) ||
        (a.midId < b.midId ? -1 : 1),
    )
    .map(({ midId, description, acquirerName, current, draft }) => ({
      midId,
      description,
      acquirerName,
      current: volumeOut(current),
      draft: volumeOut(draft),
      difference: differenceOut(current, draft),
    }));
  const segments: BacktestSegment[] = figures.segments.slice(0, BACKTEST_LIMITS.segments).map((segment) => ({
    currency: shownValue(segment.values.currency),
    issuerCountry: shownValue(segment.values.issuerCountry),
    cardBrand: shownValue(segment.values.cardBrand),
    url: shownValue(segment.values.url),
    customTag: shownValue(segment.values.customTag),
    binCode: shownValue(segment.values.binCode),
    fromMidId: segment.fromMidId,
    toMidId: segment.toMidId,
    ...volumeOut(segment.volume),
  }));
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const rate = (value: number | null) => (value === null ? null : clamp(value));
  return {
    window: { from: context.window.from.toISOString(), to: context.window.to.toISOString() },
    total: volumeOut(figures.total),
    mids,
    moved: { ...volumeOut(figures.moved), segments },
    unrouted: { current: volumeOut(figures.unrouted.current), draft: volumeOut(figures.unrouted.draft) },
    fallbackCoverage: {
      current: clamp(figures.fallbackCoverage.current),
      draft: clamp(figures.fallbackCoverage.draft),
    },
    approvals: {
      current: rate(figures.approvals.current),
      draft: rate(figures.approvals.draft),
      midsWithoutHistory: figures.approvals.midsWithoutHistory,
    },
  };
}

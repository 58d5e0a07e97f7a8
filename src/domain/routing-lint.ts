// Routing that checks itself (issue 28): which routes can never take a payment, and why. A route is dead when the
// engine never lets it serve (weight 0, its MID unknown or disabled, or no order meets both its criteria and its
// MID's), and shadowed when every order it matches is taken by an eligible route of a strictly higher priority. The
// answer is exact, not sampled: a route not reported comes with a witness order that routes to it.
//
// The order space is a product of the six criteria. A route's region is the orders meeting both its criteria and its
// MID's (the engine checks both): per criterion, any value (the unknown one included), or a set of codes (the unknown
// one included only by the custom tag NONE), or a set of host + path prefixes. Inside one criterion the values fall
// into finitely many classes every region wholly holds or wholly misses: each listed code, the unknown value, and
// 'a code no list names' (OTHER); for URLs, the paths under each listed prefix minus those under longer listed
// prefixes, and OTHER, 'a URL on no listed host, or none'.
//
// Only a few of these classes need trying. A region holding OTHER accepts any value, so it holds every class; a
// region holding the exact path of a prefix holds a prefix of it, so it holds every path under it. So wherever a
// point of the target's region lies outside every higher route, moving it, criterion by criterion, to OTHER (where the
// target accepts any value) or to the exact path of its listed prefix (for URLs) keeps it inside the target and
// outside every higher route: an uncovered order exists iff one made of these values does (listed codes stay as
// they are). The search splits the target one criterion at a time into these values, grouping those held by the
// same higher routes, and keeps per part only the routes holding it, until a part has none left (the witness) or
// one of them holds the whole part (covered). The search only ever meets higher routes whose region meets the
// target's in every criterion (an index of routes by listed value finds them without comparing every pair).

import { ISO_COUNTRIES } from './countries';
import { ISO_CURRENCIES } from './currencies';
import { CARD_BRANDS } from './enums';
import type { MidLookup, RoutingMid, RoutingRoute } from './routing';
import {
  type CompiledCriteria,
  compileCriteria,
  NONE_CUSTOM_TAG,
  normaliseUrl,
  ROUTING_CRITERIA,
  ROUTING_CRITERION_LABELS,
  type RoutingCriterion,
  type RoutingOrder,
} from './routing-criteria';

// ---------------------------------------------------------------------------------------------------------------
// The answer.

/** Why the engine never lets a route serve, in the order the checks run (the engine's own order of statuses). */
export type DeadRouteReason = 'mid-missing' | 'mid-disabled' | 'weight-zero' | 'no-order-matches';

export type RouteLintSeverity = 'warning' | 'error';

/** What the lint concludes about one route. */
export type RouteVerdict =
  | {
      readonly status: 'ok';
      readonly routeId: string;
      /** An order the route matches and no eligible route of a higher priority does: it routes to this route's group. */
      readonly witness: RoutingOrder;
    }
  | {
      readonly status: 'shadowed';
      readonly routeId: string;
      /** Higher-priority routes that together take every order this one matches, none of them redundant. */
      readonly shadowedBy: readonly string[];
    }
  | {
      readonly status: 'dead';
      readonly routeId: string;
      readonly deadReason: DeadRouteReason;
      /** For 'no-order-matches': the criteria no order can meet (route and MID together). */
      readonly criteria?: readonly RoutingCriterion[];
    };

interface FindingBase {
  readonly routeId: string;
  readonly severity: RouteLintSeverity;
  /** One line for the route list, e.g. "Never takes payments: its weight is 0." */
  readonly reason: string;
}

/** A route that never takes payments; routes that can take some have no finding (their witness is on the verdict). */
export type RouteLintFinding =
  | (FindingBase & { readonly kind: 'shadowed'; readonly shadowedBy: readonly string[] })
  | (FindingBase & { readonly kind: 'dead'; readonly deadReason: DeadRouteReason });

/**
 * A paused route (weight 0) or a paused MID is a choice someone made, so it warns; a MID that does not exist or
 * criteria that contradict each other are mistakes, so they are errors. A shadowed route is often a leftover that
 * still reads as live, but its configuration is valid: a warning.
 */
export const DEAD_ROUTE_SEVERITY: Readonly<Record<DeadRouteReason, RouteLintSeverity>> = {
  'mid-missing': 'error',
  'mid-disabled': 'warning',
  'weight-zero': 'warning',
  'no-order-matches': 'error',
};

export const SHADOWED_ROUTE_SEVERITY: RouteLintSeverity = 'warning';

// ---------------------------------------------------------------------------------------------------------------
// Regions: one value set per criterion, read from the engine's compiled criteria.

type CodeCriterion = Exclude<RoutingCriterion, 'url'>;
type Prefix = readonly string[];

/** The unknown value of a code criterion (missing, blank, or a BIN that is not 6 digits); no normalised code is blank. */
const UNKNOWN = '';
/** The class of values no list names: a known code nobody lists, or a URL on a host nobody lists (or no URL). */
const OTHER: unique symbol = Symbol('other');

/** A listed host + path prefix; tried as a value, the order URL with exactly that path. */
interface UrlPoint {
  readonly host: string;
  readonly path: Prefix;
  /** host/seg/seg: unique, since neither a host nor a segment holds a slash. */
  readonly key: string;
}

/** A value tried for one criterion: a code (or UNKNOWN), a URL point, or OTHER. */
type ClassValue = string | UrlPoint | typeof OTHER;

/** Codes a criterion accepts (normalised keys, UNKNOWN when it accepts the unknown value); null accepts any value. */
type CodeSet = ReadonlySet<string> | null;

/** URL prefixes by host, none under another; null accepts any order, with a URL or without. */
type UrlSet = {
  readonly byHost: ReadonlyMap<string, readonly UrlPoint[]>;
  readonly points: readonly UrlPoint[];
} | null;

interface Region {
  readonly codes: Readonly<Record<CodeCriterion, CodeSet>>;
  readonly url: UrlSet;
}

const CODE_CRITERIA = ROUTING_CRITERIA.filter((criterion): criterion is CodeCriterion => criterion !== 'url');
/** The criteria by index: the search keeps per-criterion state in arrays and bit masks indexed like this. */
const DIMENSIONS: readonly RoutingCriterion[] = ROUTING_CRITERIA;

// Duplicated from routing-criteria.ts (private there): a BIN key is reachable only when it is exactly 6 digits; a
// shorter item stays in the compiled list as a key no order has.
const SIX_DIGITS = /^\d{6}$/;

// Duplicated from routing-criteria.ts (private there): whole-segment path prefix.
function isPathPrefix(prefix: Prefix, path: Prefix): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}

function urlPoint(host: string, path: Prefix): UrlPoint {
  return { host, path, key: [host, ...path].join('/') };
}

/** The keys an order can hold that the compiled list accepts, the NONE tag read as 'the unknown tag' (see below). */
function reachableCodes(criterion: CodeCriterion, accepted: ReadonlySet<string>): Set<string> {
  const codes = new Set<string>();
  for (const key of accepted) {
    if (criterion === 'binCode' && !SIX_DIGITS.test(key)) continue;
    // The engine lets NONE accept both an order without a tag and one tagged 'NONE'; every list holds both or
    // neither, so one class (represented by 'no tag') stands for the two.
    codes.add(criterion === 'customTag' && key === NONE_CUSTOM_TAG ? UNKNOWN : key);
  }
  return codes;
}

function intersectCodes(a: CodeSet, b: CodeSet): CodeSet {
  if (a === null) return b;
  if (b === null) return a;
  return new Set([...a].filter((code) => b.has(code)));
}

function toUrlSet(points: readonly UrlPoint[]): NonNullable<UrlSet> {
  // Drop a prefix lying under another of the same set (or repeating it): it accepts nothing more, and fewer values
  // are tried.
  const kept = points.filter(
    (point, index) =>
      !points.some(
        (other, otherIndex) =>
          other.host === point.host &&
          isPathPrefix(other.path, point.path) &&
          (other.path.length < point.path.length || otherIndex < index),
      ),
  );
  const byHost = new Map<string, UrlPoint[]>();
  for (const point of kept) {
    const onHost = byHost.get(point.host);
    if (onHost) onHost.push(point);
    else byHost.set(point.host, [point]);
  }
  return { byHost, points: kept };
}

function compiledUrls(compiled: CompiledCriteria): UrlSet {
  if (!compiled.urls) return null;
  const points: UrlPoint[] = [];
  for (const [host, prefixes] of compiled.urls) for (const path of prefixes) points.push(urlPoint(host, path));
  return toUrlSet(points);
}

/** Orders under a prefix of each set are those under the longer of two nested prefixes. */
function intersectUrls(a: UrlSet, b: UrlSet): UrlSet {
  if (a === null) return b;
  if (b === null) return a;
  const points: UrlPoint[] = [];
  for (const p of a.points) {
    for (const q of b.byHost.get(p.host) ?? []) {
      if (isPathPrefix(p.path, q.path)) points.push(q);
      else if (isPathPrefix(q.path, p.path)) points.push(p);
    }
  }
  return toUrlSet(points);
}

/** The orders meeting both criteria sets, as the engine checks a route and its MID. */
function regionOf(route: CompiledCriteria, mid: CompiledCriteria): Region {
  const own = (compiled: CompiledCriteria) => {
    const codes = Object.fromEntries(CODE_CRITERIA.map((criterion) => [criterion, null])) as Record<
      CodeCriterion,
      CodeSet
    >;
    for (const [criterion, accepted] of compiled.codes) codes[criterion] = reachableCodes(criterion, accepted);
    return codes;
  };
  const routeCodes = own(route);
  const midCodes = own(mid);
  const codes = Object.fromEntries(
    CODE_CRITERIA.map((criterion) => [criterion, intersectCodes(routeCodes[criterion], midCodes[criterion])]),
  ) as Record<CodeCriterion, CodeSet>;
  return { codes, url: intersectUrls(compiledUrls(route), compiledUrls(mid)) };
}

/** The criteria whose value set is empty: no order meets them. */
function emptyCriteria(region: Region): RoutingCriterion[] {
  return DIMENSIONS.filter((criterion) =>
    criterion === 'url' ? region.url?.points.length === 0 : region.codes[criterion]?.size === 0,
  );
}

function holdsValue(region: Region, criterion: RoutingCriterion, value: ClassValue): boolean {
  if (criterion === 'url') {
    const urls = region.url;
    if (urls === null) return true;
    if (value === OTHER || typeof value === 'string') return false;
    return urls.byHost.get(value.host)?.some((prefix) => isPathPrefix(prefix.path, value.path)) ?? false;
  }
  const codes = region.codes[criterion];
  return codes === null || (typeof value === 'string' && codes.has(value));
}

/** Whether `outer` holds every value of `inner` for one criterion. */
function holdsAll(outer: Region, inner: Region, criterion: RoutingCriterion): boolean {
  if (criterion === 'url') {
    if (outer.url === null) return true;
    // A list never holds 'any URL': that includes orders with no URL.
    if (inner.url === null) return false;
    return inner.url.points.every((point) => holdsValue(outer, 'url', point));
  }
  const outerCodes = outer.codes[criterion];
  if (outerCodes === null) return true;
  const innerCodes = inner.codes[criterion];
  if (innerCodes === null) return false;
  for (const code of innerCodes) if (!outerCodes.has(code)) return false;
  return true;
}

/** Whether some value of one criterion lies in both regions (both are non-empty: dead routes never get here). */
function overlaps(a: Region, b: Region, criterion: RoutingCriterion): boolean {
  if (criterion === 'url') {
    if (a.url === null || b.url === null) return true;
    return a.url.points.some((p) =>
      b.url!.byHost.get(p.host)?.some((q) => isPathPrefix(p.path, q.path) || isPathPrefix(q.path, p.path)),
    );
  }
  const aCodes = a.codes[criterion];
  const bCodes = b.codes[criterion];
  if (aCodes === null || bCodes === null) return true;
  const [small, large] = aCodes.size <= bCodes.size ? [aCodes, bCodes] : [bCodes, aCodes];
  for (const code of small) if (large.has(code)) return true;
  return false;
}

/**
 * The values of the target to try for one criterion: where it accepts any value, OTHER; where it lists values, each
 * listed code (the unknown one last), or the exact path of each listed URL prefix. See the file comment for why
 * these few decide coverage exactly.
 */
function classValues(target: Region, criterion: RoutingCriterion): ClassValue[] {
  if (criterion === 'url') return target.url === null ? [OTHER] : [...target.url.points];
  const codes = target.codes[criterion];
  return codes === null ? [OTHER] : [...codes].sort(knownFirst);
}

const knownFirst = (a: string, b: string) => Number(a === UNKNOWN) - Number(b === UNKNOWN);

// ---------------------------------------------------------------------------------------------------------------
// The search.

interface LiveRoute {
  readonly route: RoutingRoute;
  readonly region: Region;
  /** Position in the engine's order (priority highest first, then id): lower rank routes first. */
  readonly rank: number;
}

/** A higher-priority route whose region meets the target's in every criterion. */
interface Competitor {
  readonly entry: LiveRoute;
  /** Bit i set when it holds all of the target's values for criterion i (see DIMENSIONS). */
  readonly holds: number;
}

/** A value per criterion index for the criteria split so far; undefined where the target is not split yet. */
type Settled = ReadonlyArray<ClassValue | undefined>;

/**
 * A point of the target's region (as settled class values) outside every competitor, or null when the competitors
 * cover the region; then `cover` gets, for each part, the first (highest-priority) competitor holding all of it.
 */
function findUncovered(
  target: Region,
  competitors: readonly Competitor[],
  settled: Settled,
  cover: Set<LiveRoute>,
): Settled | null {
  if (competitors.length === 0) return settled;
  let open = 0;
  settled.forEach((value, index) => {
    if (value === undefined) open |= 1 << index;
  });
  // Every competitor left holds the settled classes, so one holding the open criteria holds the whole part.
  const whole = competitors.find((competitor) => (competitor.holds & open) === open);
  if (whole) {
    cover.add(whole.entry);
    return null;
  }
  // Split where the most competitors hold only part of the target: they drop out of the parts they miss. Some
  // competitor holds only part of some open criterion, or it would have held the whole part above.
  let split = -1;
  let partial = 0;
  for (let index = 0; index < DIMENSIONS.length; index++) {
    if (!(open & (1 << index))) continue;
    let count = 0;
    for (const competitor of competitors) if (!(competitor.holds & (1 << index))) count++;
    if (count > partial) [split, partial] = [index, count];
  }
  const criterion = DIMENSIONS[split]!;
  const parts = new Map<string, { value: ClassValue; competitors: Competitor[] }>();
  for (const value of classValues(target, criterion)) {
    const holding = competitors.filter(
      (competitor) => competitor.holds & (1 << split) || holdsValue(competitor.entry.region, criterion, value),
    );
    if (holding.length === 0) return withValue(settled, split, value);
    // Classes held by the same competitors are one part: deciding one decides all.
    const key = holding.map((competitor) => competitor.entry.rank).join(',');
    if (!parts.has(key)) parts.set(key, { value, competitors: holding });
  }
  // The parts with the fewest competitors are the likeliest to hold a witness: try them first.
  const ordered = [...parts.values()].sort((a, b) => a.competitors.length - b.competitors.length);
  for (const part of ordered) {
    const found = findUncovered(target, part.competitors, withValue(settled, split, part.value), cover);
    if (found) return found;
  }
  return null;
}

const UNSETTLED: Settled = DIMENSIONS.map(() => undefined);
/** The `holds` of a competitor holding every value of the target. */
const WHOLE = (1 << DIMENSIONS.length) - 1;

function withValue(settled: Settled, index: number, value: ClassValue): Settled {
  const next = [...settled];
  next[index] = value;
  return next;
}

/** Drops each member of a cover (lowest priority first) that the others still cover without. */
function irredundant(target: Region, competitors: readonly Competitor[], cover: ReadonlySet<LiveRoute>): LiveRoute[] {
  let kept = competitors.filter((competitor) => cover.has(competitor.entry));
  for (const candidate of [...kept].reverse()) {
    if (kept.length === 1) break;
    const without = kept.filter((competitor) => competitor !== candidate);
    if (!findUncovered(target, without, UNSETTLED, new Set())) kept = without;
  }
  return kept.map((competitor) => competitor.entry);
}

// ---------------------------------------------------------------------------------------------------------------
// Which higher routes can meet a target at all: live routes as bits by rank, per criterion and listed value, so a
// target is compared only with the routes that share a value with it in every criterion (for URLs, a host; the
// prefixes are compared after), not with every higher route.

interface OverlapIndex {
  readonly live: readonly LiveRoute[];
  /** By criterion index: the routes accepting any value. */
  readonly any: readonly Uint32Array[];
  /** By criterion index: the routes listing a code, or a prefix on a host (for URLs). */
  readonly listing: ReadonlyArray<Map<string, Uint32Array>>;
}

function listedKeys(region: Region, criterion: RoutingCriterion): Iterable<string> | null {
  return criterion === 'url' ? (region.url?.byHost.keys() ?? null) : region.codes[criterion];
}

function overlapIndex(live: readonly LiveRoute[]): OverlapIndex {
  const words = Math.ceil(live.length / 32);
  const any = DIMENSIONS.map(() => new Uint32Array(words));
  const listing = DIMENSIONS.map(() => new Map<string, Uint32Array>());
  for (const entry of live) {
    const word = entry.rank >>> 5;
    const bit = 1 << (entry.rank & 31);
    DIMENSIONS.forEach((criterion, index) => {
      const keys = listedKeys(entry.region, criterion);
      if (keys === null) {
        any[index]![word]! |= bit;
        return;
      }
      for (const key of keys) {
        let bits = listing[index]!.get(key);
        if (!bits) {
          bits = new Uint32Array(words);
          listing[index]!.set(key, bits);
        }
        bits[word]! |= bit;
      }
    });
  }
  return { live, any, listing };
}

/**
 * Calls `visit` for each route of rank below `higher` sharing a value (a host, for URLs) in every criterion, in rank
 * order, until it answers true.
 */
function forEachOverlapping(
  index: OverlapIndex,
  target: LiveRoute,
  higher: number,
  visit: (other: LiveRoute) => boolean,
): void {
  const words = Math.ceil(higher / 32);
  const mask = new Uint32Array(words).fill(0xffffffff);
  if (higher % 32 !== 0) mask[words - 1] = (1 << (higher % 32)) - 1;
  DIMENSIONS.forEach((criterion, dimension) => {
    const keys = listedKeys(target.region, criterion);
    if (keys === null) return;
    const meeting = index.any[dimension]!.slice(0, words);
    for (const key of keys) {
      const bits = index.listing[dimension]!.get(key);
      if (bits) for (let word = 0; word < words; word++) meeting[word]! |= bits[word]!;
    }
    for (let word = 0; word < words; word++) mask[word]! &= meeting[word]!;
  });
  for (let word = 0; word < words; word++) {
    let bits = mask[word]!;
    while (bits !== 0) {
      const low = bits & -bits;
      if (visit(index.live[word * 32 + 31 - Math.clz32(low)]!)) return;
      bits ^= low;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Witness orders: each class value as an order value that normalises to it.

interface WitnessValues {
  /** A code no list names, per code criterion: a real-looking one. */
  readonly freshCodes: Readonly<Record<CodeCriterion, string>>;
  /** A URL on a host no list names. */
  readonly freshUrl: string;
  /** A listed URL item per URL point key, so the witness carries text the engine parses back to the same point. */
  readonly urlItems: ReadonlyMap<string, string>;
}

function firstUnnamed(preferred: readonly string[], named: ReadonlySet<string>, numbered: (n: number) => string) {
  const found = preferred.find((value) => !named.has(value));
  if (found !== undefined) return found;
  for (let n = 1; ; n++) if (!named.has(numbered(n))) return numbered(n);
}

function witnessValues(
  compiledSets: readonly CompiledCriteria[],
  rawSets: readonly { readonly url?: readonly string[] | null }[],
): WitnessValues {
  const named = Object.fromEntries(CODE_CRITERIA.map((criterion) => [criterion, new Set<string>()])) as Record<
    CodeCriterion,
    Set<string>
  >;
  for (const compiled of compiledSets) {
    for (const [criterion, accepted] of compiled.codes) for (const code of accepted) named[criterion].add(code);
  }
  const urlItems = new Map<string, string>();
  const hosts = new Set<string>();
  for (const raw of rawSets) {
    for (const item of raw.url ?? []) {
      const url = normaliseUrl(item);
      if (!url) continue;
      hosts.add(url.host);
      const key = urlPoint(url.host, url.segments).key;
      if (!urlItems.has(key)) urlItems.set(key, item.trim());
    }
  }
  const bins = Array.from({ length: 10 }, (_, n) => `${400000 + n}`);
  return {
    freshCodes: {
      currency: firstUnnamed(ISO_CURRENCIES, named.currency, (n) => `X${String(n).padStart(2, '0')}`),
      issuerCountry: firstUnnamed(ISO_COUNTRIES, named.issuerCountry, (n) => `Q${n.toString(36).toUpperCase()}`),
      cardBrand: firstUnnamed(
        CARD_BRANDS.filter((brand) => brand !== 'UNKNOWN'),
        named.cardBrand,
        (n) => `BRAND${n}`,
      ),
      customTag: firstUnnamed(['STANDARD', 'REGULAR', 'RETAIL'], named.customTag, (n) => `TAG${n}`),
      binCode: firstUnnamed(bins, named.binCode, (n) => `${(400000 + n) % 1_000_000}`.padStart(6, '0')),
    },
    freshUrl: `https://${firstUnnamed(['www.example.com', 'shop.example.net', 'pay.example.org'], hosts, (n) => `shop${n}.example.com`)}/`,
    urlItems,
  };
}

function witnessOrder(target: Region, settled: Settled, values: WitnessValues): RoutingOrder {
  const order: { [K in RoutingCriterion]?: string } = {};
  DIMENSIONS.forEach((criterion, index) => {
    // An open criterion takes any value of the target: its first listed one, or a fresh one where it takes any.
    const value = settled[index] ?? classValues(target, criterion)[0]!;
    if (value === OTHER) {
      order[criterion] = criterion === 'url' ? values.freshUrl : values.freshCodes[criterion];
    } else if (typeof value === 'string') {
      // A normalised code normalises to itself (trimmed, upper case, or 6 digits), so the key is the order value.
      if (value !== UNKNOWN) order[criterion] = value;
    } else {
      order.url = values.urlItems.get(value.key)!;
    }
  });
  return order;
}

// ---------------------------------------------------------------------------------------------------------------
// The lint.

const byPriorityThenId = (a: RoutingRoute, b: RoutingRoute) =>
  b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// Duplicated from routing.ts (private there): MIDs by id, the last of a duplicated id winning as in a Map.
function toMidMap<M extends RoutingMid>(mids: MidLookup<M>): ReadonlyMap<string, M> {
  return Array.isArray(mids)
    ? new Map((mids as readonly M[]).map((mid) => [mid.id, mid]))
    : (mids as ReadonlyMap<string, M>);
}

/**
 * For every route, in the order given: dead (with the reason), shadowed (with the higher routes that take its
 * orders), or ok (with a witness order that routes to it).
 */
export function routeVerdicts(routes: readonly RoutingRoute[], mids: MidLookup<RoutingMid>): RouteVerdict[] {
  const midMap = toMidMap(mids);
  const compiledMids = new Map<string, CompiledCriteria>();
  for (const [id, mid] of midMap) compiledMids.set(id, compileCriteria(mid));

  const verdicts = new Map<RoutingRoute, RouteVerdict>();
  const live: LiveRoute[] = [];
  const compiledRoutes: CompiledCriteria[] = [];
  for (const route of [...routes].sort(byPriorityThenId)) {
    const mid = midMap.get(route.midId);
    const compiled = compileCriteria(route);
    compiledRoutes.push(compiled);
    const dead = (deadReason: DeadRouteReason, criteria?: RoutingCriterion[]) =>
      verdicts.set(route, { status: 'dead', routeId: route.id, deadReason, ...(criteria ? { criteria } : {}) });
    if (!mid) dead('mid-missing');
    else if (!mid.enable) dead('mid-disabled');
    else if (!(Number.isFinite(route.weight) && route.weight > 0)) dead('weight-zero');
    else {
      const region = regionOf(compiled, compiledMids.get(mid.id)!);
      const empty = emptyCriteria(region);
      if (empty.length > 0) dead('no-order-matches', empty);
      else live.push({ route, region, rank: live.length });
    }
  }

  const values = witnessValues([...compiledRoutes, ...compiledMids.values()], [...routes, ...midMap.values()]);
  const index = overlapIndex(live);
  let higher = 0;
  for (const target of live) {
    // Only strictly higher priorities take traffic from a route; equal ones share it. `live` is in that order, so
    // the higher routes are the ranks below `higher`.
    while (live[higher]!.route.priority > target.route.priority) higher++;
    const competitors: Competitor[] = [];
    forEachOverlapping(index, target, higher, (other) => {
      if (!overlaps(target.region, other.region, 'url')) return false;
      let holds = 0;
      DIMENSIONS.forEach((criterion, bit) => {
        if (holdsAll(other.region, target.region, criterion)) holds |= 1 << bit;
      });
      competitors.push({ entry: other, holds });
      // One route holding the whole target covers it alone, and the search would name the first such: stop here.
      return holds === WHOLE;
    });
    const cover = new Set<LiveRoute>();
    const found = findUncovered(target.region, competitors, UNSETTLED, cover);
    verdicts.set(
      target.route,
      found
        ? { status: 'ok', routeId: target.route.id, witness: witnessOrder(target.region, found, values) }
        : {
            status: 'shadowed',
            routeId: target.route.id,
            shadowedBy: irredundant(target.region, competitors, cover).map((entry) => entry.route.id),
          },
    );
  }
  return routes.map((route) => verdicts.get(route)!);
}

/** A MID as the reasons name it: by its description where the caller's MIDs carry one (the server's rows do). */
type NamedMid = RoutingMid & { readonly description?: string | null };

/** The routes that never take payments, in the order given, each with a one-line reason. */
export function lintRouting(routes: readonly RoutingRoute[], mids: MidLookup<NamedMid>): RouteLintFinding[] {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const midsById = toMidMap(mids);
  const verdicts = routeVerdicts(routes, mids);
  return verdicts.flatMap((verdict, index): RouteLintFinding[] => {
    const route = routes[index]!;
    if (verdict.status === 'ok') return [];
    if (verdict.status === 'shadowed') {
      const names = verdict.shadowedBy.map((id) => {
        const other = byId.get(id)!;
        return `${routeName(other)} (priority ${other.priority})`;
      });
      return [
        {
          kind: 'shadowed',
          routeId: route.id,
          severity: SHADOWED_ROUTE_SEVERITY,
          shadowedBy: verdict.shadowedBy,
          reason: `Never takes payments: every order it matches goes to ${joinOr(names)} first.`,
        },
      ];
    }
    return [
      {
        kind: 'dead',
        routeId: route.id,
        severity: DEAD_ROUTE_SEVERITY[verdict.deadReason],
        deadReason: verdict.deadReason,
        reason: deadReasonText(route, midsById.get(route.midId), verdict.deadReason, verdict.criteria ?? []),
      },
    ];
  });
}

function routeName(route: RoutingRoute): string {
  return route.description.trim() || route.id;
}

function joinOr(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** 'Currency' -> 'currency'; 'URL' and 'BIN code' keep their capitals. */
function criterionWords(criteria: readonly RoutingCriterion[]): string {
  const words = criteria.map((criterion) =>
    ROUTING_CRITERION_LABELS[criterion].replace(/^[A-Z][a-z]/, (start) => start.toLowerCase()),
  );
  const list = words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${list} ${words.length === 1 ? 'criterion' : 'criteria'}`;
}

function deadReasonText(
  route: RoutingRoute,
  mid: NamedMid | undefined,
  reason: DeadRouteReason,
  criteria: readonly RoutingCriterion[],
): string {
  const midName = mid?.description?.trim() || route.midId;
  switch (reason) {
    case 'mid-missing':
      return `Never takes payments: its MID ${route.midId} does not exist.`;
    case 'mid-disabled':
      return `Never takes payments: its MID ${midName} is disabled.`;
    case 'weight-zero':
      return 'Never takes payments: its weight is 0.';
    case 'no-order-matches': {
      // Malformed items alone (a 5-digit BIN, URLs that do not parse) can leave a route's own list meeting no order.
      const own = emptyCriteria(regionOf(compileCriteria(route), compileCriteria({})));
      if (criteria.every((criterion) => own.includes(criterion)))
        return `Never takes payments: no order meets its ${criterionWords(criteria)}.`;
      return `Never takes payments: no order meets both its ${criterionWords(criteria)} and those of its MID ${midName}.`;
    }
  }
}

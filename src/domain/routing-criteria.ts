// The order values a route or a MID can restrict, and how one order value is compared with a criterion list
// (spec 2, sections 2.3, 2.4, 3 and 5). The rules are written out in the README section "Routing rules".

/** The criteria of routes and MIDs, in the order the spec's forms list them. Server, console and engine share it. */
export const ROUTING_CRITERIA = ['currency', 'issuerCountry', 'cardBrand', 'url', 'customTag', 'binCode'] as const;
export type RoutingCriterion = (typeof ROUTING_CRITERIA)[number];

export const ROUTING_CRITERION_LABELS: Readonly<Record<RoutingCriterion, string>> = {
  currency: 'Currency',
  issuerCountry: 'Issuer country',
  cardBrand: 'Card brand',
  url: 'URL',
  customTag: 'Custom tag',
  binCode: 'BIN code',
};

/** The route wizard's custom-tag option for orders that carry no custom tag. */
export const NONE_CUSTOM_TAG = 'NONE';

/** Accepted values per criterion. A missing, null or empty list (blank items ignored) accepts any order value. */
export type RoutingCriteria = { readonly [K in RoutingCriterion]?: readonly string[] | null };

/** The order values routing reads (spec 2, section 3, 'Simulator order'). Missing or blank means unknown. */
export type RoutingOrder = { readonly [K in RoutingCriterion]?: string | null };

type CodeCriterion = Exclude<RoutingCriterion, 'url'>;
const CODE_CRITERIA = ROUTING_CRITERIA.filter((name): name is CodeCriterion => name !== 'url');

interface NormalisedUrl {
  readonly host: string;
  readonly segments: readonly string[];
}

/** An order reduced to comparable keys; undefined marks an unknown value. */
export interface NormalisedOrder {
  readonly codes: Readonly<Record<CodeCriterion, string | undefined>>;
  readonly url: NormalisedUrl | undefined;
}

/** A criteria set prepared once, so routing many orders does not re-normalise the same lists. */
export interface CompiledCriteria {
  readonly codes: ReadonlyArray<readonly [CodeCriterion, ReadonlySet<string>]>;
  /** Host to the path prefixes allowed on it; undefined when the URL criterion is empty. */
  readonly urls: ReadonlyMap<string, ReadonlyArray<readonly string[]>> | undefined;
}

const SIX_DIGITS = /^\d{6}$/;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

function blankToUndefined(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Codes compare trimmed and upper-cased, the way the spec's forms store them; a BIN must be exactly 6 digits. */
function normaliseCode(criterion: CodeCriterion, value: string | null | undefined): string | undefined {
  const trimmed = blankToUndefined(value);
  if (trimmed === undefined) return undefined;
  if (criterion === 'binCode') return SIX_DIGITS.test(trimmed) ? trimmed : undefined;
  return trimmed.toUpperCase();
}

/** Host (lower case, no port) and path segments; scheme, port, query and fragment do not take part in routing. */
export function normaliseUrl(value: string | null | undefined): NormalisedUrl | undefined {
  const trimmed = blankToUndefined(value);
  if (trimmed === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(HAS_SCHEME.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return undefined;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (!host) return undefined;
  return { host, segments: parsed.pathname.split('/').filter(Boolean) };
}

export function normaliseOrder(order: RoutingOrder): NormalisedOrder {
  const codes = {} as Record<CodeCriterion, string | undefined>;
  for (const criterion of CODE_CRITERIA) codes[criterion] = normaliseCode(criterion, order[criterion]);
  return { codes, url: normaliseUrl(order.url) };
}

function nonBlankItems(list: readonly string[] | null | undefined): string[] {
  return (list ?? []).filter((item) => item.trim() !== '');
}

export function compileCriteria(criteria: RoutingCriteria): CompiledCriteria {
  const codes: Array<readonly [CodeCriterion, ReadonlySet<string>]> = [];
  for (const criterion of CODE_CRITERIA) {
    const items = nonBlankItems(criteria[criterion]);
    if (items.length === 0) continue;
    // An item that cannot be normalised (a 5-digit BIN) stays in the list as a key no order has: a restricted
    // criterion must never widen to 'any' because its items are malformed.
    codes.push([criterion, new Set(items.map((item) => normaliseCode(criterion, item) ?? `\u0000${item}`))]);
  }
  const urlItems = nonBlankItems(criteria.url);
  let urls: Map<string, Array<readonly string[]>> | undefined;
  if (urlItems.length > 0) {
    urls = new Map();
    for (const item of urlItems) {
      const url = normaliseUrl(item);
      if (!url) continue;
      const prefixes = urls.get(url.host) ?? [];
      prefixes.push(url.segments);
      urls.set(url.host, prefixes);
    }
  }
  return { codes, urls };
}

function isPathPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}

export function orderMatchesCompiled(order: NormalisedOrder, criteria: CompiledCriteria): boolean {
  for (const [criterion, accepted] of criteria.codes) {
    const value = order.codes[criterion];
    if (value === undefined) {
      if (criterion === 'customTag' && accepted.has(NONE_CUSTOM_TAG)) continue;
      return false;
    }
    if (!accepted.has(value)) return false;
  }
  if (criteria.urls) {
    const url = order.url;
    const prefixes = url ? criteria.urls.get(url.host) : undefined;
    if (!url || !prefixes?.some((prefix) => isPathPrefix(prefix, url.segments))) return false;
  }
  return true;
}

/** True when the order satisfies every non-empty criterion of every given criteria set (a route and its MID). */
export function orderMatches(order: RoutingOrder, ...criteria: readonly RoutingCriteria[]): boolean {
  const normalised = normaliseOrder(order);
  return criteria.every((set) => orderMatchesCompiled(normalised, compileCriteria(set)));
}

import {
  chooseRoute,
  createRouter,
  distribution,
  NONE_CUSTOM_TAG,
  orderMatches,
  type PaymentRouting,
  ROUTING_CRITERIA,
  type RoutingCriteria,
  type RoutingMid,
  type RoutingOrder,
  type RoutingRoute,
  routePayment,
  servingRoutes,
  splitPercentages,
} from '@domain/routing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// ---------------------------------------------------------------------------------------------------------------
// A small universe of values, so generated orders often match generated routes. URLs carry the host and path the
// rules say they stand for, so the reference below does not reuse the engine's URL parsing.

interface ParsedUrl {
  host: string;
  segments: string[];
}

const ORDER_URLS: Record<string, ParsedUrl | null> = {
  'https://shop.example.com/eu/checkout?step=2': { host: 'shop.example.com', segments: ['eu', 'checkout'] },
  'http://SHOP.Example.com/': { host: 'shop.example.com', segments: [] },
  'shop.example.com/europe': { host: 'shop.example.com', segments: ['europe'] },
  'https://pay.shop.example.com/eu': { host: 'pay.shop.example.com', segments: ['eu'] },
  'https://other.example.org:8443/x#top': { host: 'other.example.org', segments: ['x'] },
  'not a url': null,
};
const URL_ITEMS: Record<string, ParsedUrl> = {
  'shop.example.com': { host: 'shop.example.com', segments: [] },
  'https://shop.example.com/eu': { host: 'shop.example.com', segments: ['eu'] },
  'shop.example.com/eu/': { host: 'shop.example.com', segments: ['eu'] },
  'other.example.org': { host: 'other.example.org', segments: [] },
  'pay.shop.example.com': { host: 'pay.shop.example.com', segments: [] },
};

const ORDER_VALUES = {
  currency: ['EUR', 'eur', 'USD', ' GBP '],
  issuerCountry: ['ES', 'fr', 'GB'],
  cardBrand: ['VISA', 'mc', 'AMEX'],
  url: Object.keys(ORDER_URLS),
  customTag: ['VIP', 'vip', 'TRIAL'],
  binCode: ['411111', '555555', '41111'],
} satisfies Record<(typeof ROUTING_CRITERIA)[number], string[]>;

const CRITERION_VALUES = {
  currency: ['EUR', 'usd', 'GBP'],
  issuerCountry: ['ES', 'FR', 'gb'],
  cardBrand: ['VISA', 'MC', 'AMEX'],
  url: Object.keys(URL_ITEMS),
  customTag: ['VIP', 'TRIAL', NONE_CUSTOM_TAG],
  binCode: ['411111', '555555'],
} satisfies Record<(typeof ROUTING_CRITERIA)[number], string[]>;

/** No generated order carries this currency, so a route restricted to it never matches. */
const ABSENT_CURRENCY = 'JPY';

// ---------------------------------------------------------------------------------------------------------------
// Reference rules, written plainly from the README's "Routing rules".

const key = (value: string | null | undefined) => value?.trim().toUpperCase() || undefined;

function refCriterionMatches(
  criterion: (typeof ROUTING_CRITERIA)[number],
  list: readonly string[],
  order: RoutingOrder,
) {
  const items = list.filter((item) => item.trim() !== '');
  if (items.length === 0) return true;
  const raw = order[criterion];
  if (criterion === 'url') {
    const parsed = raw ? ORDER_URLS[raw] : null;
    if (!parsed) return false;
    return items.some((item) => {
      const itemUrl = URL_ITEMS[item]!;
      return (
        itemUrl.host === parsed.host && itemUrl.segments.every((segment, index) => parsed.segments[index] === segment)
      );
    });
  }
  if (criterion === 'binCode') return raw != null && /^\d{6}$/.test(raw.trim()) && items.includes(raw.trim());
  const value = key(raw);
  if (value === undefined) return criterion === 'customTag' && items.some((item) => key(item) === NONE_CUSTOM_TAG);
  return items.some((item) => key(item) === value);
}

const refMatches = (order: RoutingOrder, criteria: RoutingCriteria) =>
  ROUTING_CRITERIA.every((criterion) => refCriterionMatches(criterion, criteria[criterion] ?? [], order));

function refServes(order: RoutingOrder, route: RoutingRoute, mids: ReadonlyMap<string, RoutingMid>) {
  const mid = mids.get(route.midId);
  return Boolean(mid?.enable) && route.weight > 0 && refMatches(order, route) && refMatches(order, mid!);
}

function refFallbackAllowed(order: RoutingOrder, route: RoutingRoute, mids: ReadonlyMap<string, RoutingMid>) {
  const mid = mids.get(route.midId)!;
  const fallback = route.fallbackMidId ? mids.get(route.fallbackMidId) : undefined;
  return (
    fallback !== undefined &&
    fallback.id !== mid.id &&
    fallback.enable &&
    mid.synchronous &&
    fallback.synchronous &&
    refMatches(order, fallback)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Generators.

const listOf = (values: string[]) =>
  // Mostly unrestricted: twelve criteria (route and MID) must all match before a route serves.
  fc.oneof(
    { weight: 10, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.subarray(values, { minLength: 1 }) },
  );

const criteriaArb: fc.Arbitrary<RoutingCriteria> = fc.record({
  currency: listOf(CRITERION_VALUES.currency),
  issuerCountry: listOf(CRITERION_VALUES.issuerCountry),
  cardBrand: listOf(CRITERION_VALUES.cardBrand),
  url: listOf(CRITERION_VALUES.url),
  customTag: listOf(CRITERION_VALUES.customTag),
  binCode: listOf(CRITERION_VALUES.binCode),
});

const orderValue = (values: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...values) }, fc.constantFrom(undefined, null, '', '  '));

const orderArb: fc.Arbitrary<RoutingOrder> = fc.record({
  currency: orderValue(ORDER_VALUES.currency),
  issuerCountry: orderValue(ORDER_VALUES.issuerCountry),
  cardBrand: orderValue(ORDER_VALUES.cardBrand),
  url: orderValue(ORDER_VALUES.url),
  customTag: orderValue(ORDER_VALUES.customTag),
  binCode: orderValue(ORDER_VALUES.binCode),
});

const midsArb: fc.Arbitrary<RoutingMid[]> = fc
  .array(
    fc.record({
      enable: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
      synchronous: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      criteria: criteriaArb,
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((mids) => mids.map(({ criteria, ...mid }, index) => ({ id: `mid-${index}`, ...mid, ...criteria })));

/** Indexes past the MID list point at MIDs that do not exist. */
const routesArb = (midCount: number): fc.Arbitrary<RoutingRoute[]> =>
  fc
    .array(
      fc.record({
        priority: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 2 }) }, fc.integer({ min: 1, max: 10 })),
        weight: fc.oneof(
          fc.constant(0),
          { weight: 3, arbitrary: fc.integer({ min: 1, max: 100 }) },
          fc.double({ min: 0.5, max: 100, noNaN: true }),
        ),
        midIndex: fc.integer({ min: 0, max: midCount }),
        fallbackIndex: fc.option(fc.integer({ min: 0, max: midCount }), { freq: 3 }),
        criteria: criteriaArb,
      }),
      { minLength: 1, maxLength: 10 },
    )
    .map((routes) =>
      routes.map(({ midIndex, fallbackIndex, criteria, ...route }, index) => ({
        id: `route-${index}`,
        description: `Route ${index}`,
        midId: `mid-${midIndex}`,
        fallbackMidId: fallbackIndex === null ? null : `mid-${fallbackIndex}`,
        ...route,
        ...criteria,
      })),
    );

const scenarioArb = midsArb.chain((mids) =>
  fc.record({ order: orderArb, mids: fc.constant(mids), routes: routesArb(mids.length) }),
);

const randomArb = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

const midMap = (mids: RoutingMid[]) => new Map(mids.map((mid) => [mid.id, mid]));

const tenths = (percentages: number[]) => percentages.reduce((sum, value) => sum + Math.round(value * 10), 0);

// ---------------------------------------------------------------------------------------------------------------

describe('routing engine (properties)', () => {
  it('serves exactly the routes the rules allow', () => {
    fc.assert(
      fc.property(scenarioArb, ({ order, routes, mids }) => {
        const expected = routes.filter((route) => refServes(order, route, midMap(mids))).map((route) => route.id);
        const actual = servingRoutes(order, routes, mids).map((route) => route.id);
        expect([...actual].sort()).toEqual([...expected].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('chooses a serving route of the highest serving priority, never a weight-0 route or a disabled MID', () => {
    fc.assert(
      fc.property(scenarioArb, randomArb, ({ order, routes, mids }, random) => {
        const byId = midMap(mids);
        const serving = routes.filter((route) => refServes(order, route, byId));
        const chosen = chooseRoute(order, routes, mids, random);
        if (serving.length === 0) {
          expect(chosen).toBeNull();
          return;
        }
        expect(chosen).not.toBeNull();
        expect(refServes(order, chosen!, byId)).toBe(true);
        expect(chosen!.weight).toBeGreaterThan(0);
        expect(byId.get(chosen!.midId)!.enable).toBe(true);
        expect(chosen!.priority).toBe(Math.max(...serving.map((route) => route.priority)));
      }),
      { numRuns: 500 },
    );
  });

  it('shows the winning group with percentages adding up to exactly 100 and every other match at 0', () => {
    fc.assert(
      fc.property(scenarioArb, ({ order, routes, mids }) => {
        const byId = midMap(mids);
        const result = distribution(order, routes, mids);
        const serving = routes.filter((route) => refServes(order, route, byId));
        if (serving.length === 0) {
          expect(result.priority).toBeNull();
          expect(result.serving).toEqual([]);
        } else {
          const top = Math.max(...serving.map((route) => route.priority));
          const group = serving.filter((route) => route.priority === top);
          const total = group.reduce((sum, route) => sum + route.weight, 0);
          expect(result.priority).toBe(top);
          expect(result.serving.map((share) => share.id).sort()).toEqual(group.map((route) => route.id).sort());
          expect(tenths(result.serving.map((share) => share.percentage))).toBe(1000);
          for (const share of result.serving) {
            expect(share.status).toBe('serving');
            expect(share.share).toBeCloseTo(share.weight / total, 12);
            // Largest remainder moves each value by less than one displayed unit from its exact share.
            expect(Math.abs(share.percentage - share.share * 100)).toBeLessThan(0.1 + 1e-9);
          }
        }
        const matching = routes.filter((route) => {
          const mid = byId.get(route.midId);
          return mid !== undefined && refMatches(order, route) && refMatches(order, mid);
        });
        const shown = [...result.serving, ...result.others].map((share) => share.id).sort();
        expect(shown).toEqual(matching.map((route) => route.id).sort());
        for (const share of result.others) {
          expect(share.percentage).toBe(0);
          expect(share.share).toBe(0);
          const mid = byId.get(share.midId)!;
          const reason = !mid.enable ? 'mid-disabled' : share.weight > 0 ? 'lower-priority' : 'weight-zero';
          expect(share.status).toBe(reason);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('splits evenly spread random numbers by weight inside the winning group', () => {
    const draws = 2000;
    fc.assert(
      fc.property(scenarioArb, ({ order, routes, mids }) => {
        const router = createRouter(routes, mids);
        const { serving } = router.distribution(order);
        if (serving.length === 0) {
          expect(router.chooseRoute(order, 0.5)).toBeNull();
          return;
        }
        const counts = new Map<string, number>();
        for (let i = 0; i < draws; i++) {
          const id = router.chooseRoute(order, (i + 0.5) / draws)!.id;
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const share of serving)
          expect(Math.abs((counts.get(share.id) ?? 0) - share.share * draws)).toBeLessThan(1.01);
        expect([...counts.keys()].every((id) => serving.some((share) => share.id === id))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("agrees with the engine's choices over 10,000 sampled orders, within sampling error", () => {
    // One merchant of many routes, 10,000 orders drawn from its value space each routed with a random number: per
    // distinct order, each route's share of the draws stays within 4 standard errors of the simulator's percentage.
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(fc.tuple(orderArb, randomArb), { minLength: 10_000, maxLength: 10_000 }),
        ({ routes, mids }, samples) => {
          const router = createRouter(routes, mids);
          const byOrder = new Map<string, { order: RoutingOrder; counts: Map<string | null, number>; n: number }>();
          for (const [order, random] of samples) {
            const key = JSON.stringify(order);
            const entry = byOrder.get(key) ?? { order, counts: new Map(), n: 0 };
            const chosen = router.chooseRoute(order, random)?.id ?? null;
            entry.counts.set(chosen, (entry.counts.get(chosen) ?? 0) + 1);
            entry.n += 1;
            byOrder.set(key, entry);
          }
          for (const { order, counts, n } of byOrder.values()) {
            const { serving } = router.distribution(order);
            if (serving.length === 0) {
              expect(counts.get(null)).toBe(n);
              continue;
            }
            expect(tenths(serving.map((share) => share.percentage))).toBe(1000);
            for (const share of serving) {
              const expected = share.percentage / 100;
              const error = Math.sqrt((expected * (1 - expected)) / n);
              expect(Math.abs((counts.get(share.id) ?? 0) / n - expected)).toBeLessThanOrEqual(4 * error + 0.0005);
            }
          }
        },
      ),
      { numRuns: 5, seed: 14 },
    );
  });

  it('is not changed by a route that does not match, whether by its own criteria or its MID', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        randomArb,
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 1, max: 10 }),
        fc.func(fc.boolean()),
        ({ order, routes, mids }, random, onMid, position, priority, declines) => {
          const strangerMid: RoutingMid = { id: 'mid-stranger', enable: true, synchronous: true };
          const stranger: RoutingRoute = {
            id: 'route-stranger',
            description: 'Stranger',
            priority,
            weight: 100,
            midId: onMid ? 'mid-stranger' : 'mid-0',
            fallbackMidId: 'mid-0',
          };
          const withStranger = [...routes];
          withStranger.splice(position % (routes.length + 1), 0, stranger);
          const widerMids = [...mids, onMid ? { ...strangerMid, currency: [ABSENT_CURRENCY] } : strangerMid];
          if (!onMid) Object.assign(stranger, { currency: [ABSENT_CURRENCY] });

          expect(distribution(order, withStranger, widerMids)).toEqual(distribution(order, routes, mids));
          expect(chooseRoute(order, withStranger, widerMids, random)).toEqual(chooseRoute(order, routes, mids, random));
          const options = { random, declines: (midId: string) => declines(midId) };
          expect(routePayment(order, withStranger, widerMids, options)).toEqual(
            routePayment(order, routes, mids, options),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('retries on the fallback MID only after a decline, when the route has one, both are synchronous and it matches', () => {
    fc.assert(
      fc.property(scenarioArb, randomArb, fc.func(fc.boolean()), ({ order, routes, mids }, random, declines) => {
        const byId = midMap(mids);
        const asked: string[] = [];
        const result = routePayment(order, routes, mids, {
          random,
          declines: (midId) => {
            asked.push(midId);
            return declines(midId);
          },
        });
        const chosen = chooseRoute(order, routes, mids, random);
        if (!chosen) {
          expect(result).toEqual({ outcome: 'no-route' });
          expect(asked).toEqual([]);
          return;
        }
        if (result.outcome === 'no-route') throw new Error('a serving route exists');
        expect(result.routeId).toBe(chosen.id);
        expect(result.attempts[0]).toEqual({ midId: chosen.midId, fallback: false, declined: declines(chosen.midId) });
        const retried = declines(chosen.midId) && refFallbackAllowed(order, chosen, byId);
        expect(result.attempts).toHaveLength(retried ? 2 : 1);
        expect(asked).toEqual(result.attempts.map((attempt) => attempt.midId));
        expect(result.fallback).toBe(retried);
        if (retried) expect(result.attempts[1]).toMatchObject({ midId: chosen.fallbackMidId, fallback: true });
        const last = result.attempts.at(-1)!;
        expect(result.midId).toBe(last.midId);
        expect(result.mid).toBe(byId.get(last.midId));
        expect(result.outcome).toBe(last.declined ? 'declined' : 'approved');
        expect(result.fallbackSkipped !== undefined).toBe(declines(chosen.midId) && !retried);
      }),
      { numRuns: 500 },
    );
  });

  it('gives equal answers for equal inputs, in whatever order the routes and MIDs are listed', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        randomArb,
        fc.func(fc.boolean()),
        fc.func(fc.integer()),
        ({ order, routes, mids }, random, declines, shuffleKey) => {
          const shuffle = <T extends { id: string }>(items: T[]) =>
            [...items].sort((a, b) => shuffleKey(a.id) - shuffleKey(b.id));
          const options = { random, declines: (midId: string) => declines(midId) };
          const first = routePayment(order, routes, mids, options);
          expect(routePayment(order, routes, mids, options)).toEqual(first);
          expect(routePayment(order, shuffle(routes), shuffle(mids), options)).toEqual(first);
          expect(distribution(order, shuffle(routes), midMap(mids))).toEqual(distribution(order, routes, mids));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('displays percentages that always add up to exactly 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 100, noNaN: true }), { minLength: 1, maxLength: 40 }),
        (weights) => {
          const percentages = splitPercentages(weights);
          expect(tenths(percentages)).toBe(1000);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          percentages.forEach((percentage, index) => {
            expect(Math.abs(percentage - (weights[index]! / total) * 100)).toBeLessThan(0.1 + 1e-9);
          });
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

const mid = (id: string, extra: Partial<RoutingMid> = {}): RoutingMid => ({
  id,
  enable: true,
  synchronous: true,
  ...extra,
});
const route = (id: string, extra: Partial<RoutingRoute> = {}): RoutingRoute => ({
  id,
  description: `Route ${id}`,
  priority: 1,
  weight: 50,
  midId: 'm1',
  ...extra,
});

describe('matching (examples)', () => {
  it('treats an empty, missing or blank-only criterion as any value', () => {
    expect(orderMatches({}, { currency: [] })).toBe(true);
    expect(orderMatches({ currency: 'EUR' }, { currency: null, url: ['  '] })).toBe(true);
  });

  it('compares currency, country, card brand and custom tag ignoring case and surrounding spaces', () => {
    expect(
      orderMatches(
        { currency: ' eur ', issuerCountry: 'es', cardBrand: 'Visa', customTag: 'vip' },
        {
          currency: ['EUR'],
          issuerCountry: ['ES'],
          cardBrand: ['VISA'],
          customTag: ['VIP'],
        },
      ),
    ).toBe(true);
    expect(orderMatches({ currency: 'USD' }, { currency: ['EUR', 'GBP'] })).toBe(false);
  });

  it('does not let an unknown order value pass a restricted criterion', () => {
    expect(orderMatches({}, { cardBrand: ['VISA'] })).toBe(false);
    expect(orderMatches({ cardBrand: '' }, { cardBrand: ['VISA'] })).toBe(false);
  });

  it("lets the custom tag 'NONE' stand for orders without a custom tag", () => {
    expect(orderMatches({}, { customTag: ['NONE'] })).toBe(true);
    expect(orderMatches({ customTag: 'VIP' }, { customTag: ['NONE'] })).toBe(false);
    expect(orderMatches({ customTag: 'VIP' }, { customTag: ['NONE', 'VIP'] })).toBe(true);
  });

  it('matches BIN codes as exactly 6 digits, and a malformed item never widens the criterion', () => {
    expect(orderMatches({ binCode: '411111' }, { binCode: ['411111'] })).toBe(true);
    expect(orderMatches({ binCode: '4111111' }, { binCode: ['411111'] })).toBe(false);
    expect(orderMatches({ binCode: '41111' }, { binCode: ['41111'] })).toBe(false);
    expect(orderMatches({ binCode: '411111' }, { binCode: ['41111'] })).toBe(false);
  });

  it('matches URLs by equal host and a whole-segment path prefix, ignoring scheme, port, query and case of the host', () => {
    const criteria = { url: ['shop.example.com/eu'] };
    expect(orderMatches({ url: 'https://SHOP.example.com:8443/eu/checkout?x=1#y' }, criteria)).toBe(true);
    expect(orderMatches({ url: 'shop.example.com/eu' }, criteria)).toBe(true);
    expect(orderMatches({ url: 'https://shop.example.com/europe' }, criteria)).toBe(false);
    expect(orderMatches({ url: 'https://shop.example.com/' }, criteria)).toBe(false);
    expect(orderMatches({ url: 'https://www.shop.example.com/eu' }, criteria)).toBe(false);
    expect(orderMatches({ url: 'https://shop.example.com/EU' }, criteria)).toBe(false);
    expect(orderMatches({ url: 'https://shop.example.com/any/path' }, { url: ['https://shop.example.com/'] })).toBe(
      true,
    );
    expect(orderMatches({ url: 'not a url' }, { url: ['shop.example.com'] })).toBe(false);
  });

  it('requires both the route and its MID to match', () => {
    const routes = [route('r1', { currency: ['EUR'] })];
    expect(servingRoutes({ currency: 'EUR', cardBrand: 'MC' }, routes, [mid('m1', { cardBrand: ['VISA'] })])).toEqual(
      [],
    );
    expect(servingRoutes({ currency: 'EUR', cardBrand: 'VISA' }, routes, [mid('m1', { cardBrand: ['VISA'] })])).toEqual(
      routes,
    );
  });
});

describe('choosing and splitting (examples)', () => {
  const mids = [mid('m1'), mid('m2'), mid('m3', { enable: false })];

  it("works the README's example", () => {
    const order = { currency: 'EUR', cardBrand: 'VISA' };
    const readmeMids = [mid('M1'), mid('M2'), mid('M3', { enable: false })];
    const routes = [
      route('A', { priority: 7, weight: 1, midId: 'M1', currency: ['EUR'] }),
      route('B', { priority: 7, weight: 2, midId: 'M2', fallbackMidId: 'M1' }),
      route('C', { priority: 3, weight: 100, midId: 'M1' }),
      route('D', { priority: 9, weight: 0, midId: 'M2' }),
      route('E', { priority: 10, weight: 50, midId: 'M3' }),
      route('F', { priority: 10, weight: 50, midId: 'M1', currency: ['USD'] }),
    ];
    const result = distribution(order, routes, readmeMids);
    expect(result.priority).toBe(7);
    expect(result.serving.map(({ id, percentage }) => [id, percentage])).toEqual([
      ['B', 66.7],
      ['A', 33.3],
    ]);
    expect(result.others.map(({ id, status, percentage }) => [id, status, percentage])).toEqual([
      ['E', 'mid-disabled', 0],
      ['D', 'weight-zero', 0],
      ['C', 'lower-priority', 0],
    ]);
    expect(chooseRoute(order, routes, readmeMids, 0.2)?.id).toBe('A');
    expect(chooseRoute(order, routes, readmeMids, 0.5)?.id).toBe('B');
    expect(routePayment(order, routes, readmeMids, { random: 0.5, declines: (midId) => midId === 'M2' })).toMatchObject(
      {
        outcome: 'approved',
        routeId: 'B',
        midId: 'M1',
        fallback: true,
      },
    );
  });

  it('picks by cumulative weight in id order, deterministically', () => {
    const routes = [route('b', { weight: 75 }), route('a', { weight: 25 })];
    expect(chooseRoute({}, routes, mids, 0)?.id).toBe('a');
    expect(chooseRoute({}, routes, mids, 0.2499)?.id).toBe('a');
    expect(chooseRoute({}, routes, mids, 0.25)?.id).toBe('b');
    expect(chooseRoute({}, routes, mids, 0.999999)?.id).toBe('b');
  });

  it('serves nothing when only weight-0 routes, disabled MIDs or unknown MIDs match', () => {
    const routes = [route('zero', { weight: 0 }), route('off', { midId: 'm3' }), route('ghost', { midId: 'nope' })];
    expect(chooseRoute({}, routes, mids, 0.5)).toBeNull();
    expect(routePayment({}, routes, mids, { random: 0.5, declines: () => false })).toEqual({ outcome: 'no-route' });
    expect(distribution({}, routes, mids)).toMatchObject({ priority: null, serving: [] });
  });

  it('refuses a random number outside [0, 1)', () => {
    const routes = [route('a')];
    for (const random of [-0.1, 1, Number.NaN]) expect(() => chooseRoute({}, routes, mids, random)).toThrow(RangeError);
  });

  it('rounds by largest remainder', () => {
    expect(splitPercentages([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(splitPercentages([1, 1, 1], 0)).toEqual([34, 33, 33]);
    expect(splitPercentages([2, 1])).toEqual([66.7, 33.3]);
    expect(splitPercentages([0, 0])).toEqual([0, 0]);
  });
});

describe('fallback (examples)', () => {
  const order = { currency: 'EUR' };
  const run = (routes: RoutingRoute[], mids: RoutingMid[], declining: string[]): PaymentRouting =>
    routePayment(order, routes, mids, { random: 0, declines: (midId) => declining.includes(midId) });

  it('retries a decline on the fallback MID and marks the payment as fallback', () => {
    const result = run([route('r', { fallbackMidId: 'm2' })], [mid('m1'), mid('m2')], ['m1']);
    expect(result).toMatchObject({
      outcome: 'approved',
      routeId: 'r',
      midId: 'm2',
      fallback: true,
      attempts: [
        { midId: 'm1', fallback: false, declined: true },
        { midId: 'm2', fallback: true, declined: false },
      ],
    });
  });

  it('reports a declined fallback as a declined fallback payment', () => {
    const result = run([route('r', { fallbackMidId: 'm2' })], [mid('m1'), mid('m2')], ['m1', 'm2']);
    expect(result).toMatchObject({ outcome: 'declined', midId: 'm2', fallback: true });
  });

  it('does not retry an approved payment', () => {
    const result = run([route('r', { fallbackMidId: 'm2' })], [mid('m1'), mid('m2')], []);
    expect(result).toMatchObject({ outcome: 'approved', midId: 'm1', fallback: false, attempts: [{ midId: 'm1' }] });
  });

  it.each([
    ['no fallback MID', route('r'), [mid('m1'), mid('m2')], 'no-fallback'],
    [
      'an asynchronous MID',
      route('r', { fallbackMidId: 'm2' }),
      [mid('m1', { synchronous: false }), mid('m2')],
      'not-synchronous',
    ],
    [
      'an asynchronous fallback',
      route('r', { fallbackMidId: 'm2' }),
      [mid('m1'), mid('m2', { synchronous: false })],
      'not-synchronous',
    ],
    [
      'a disabled fallback',
      route('r', { fallbackMidId: 'm2' }),
      [mid('m1'), mid('m2', { enable: false })],
      'fallback-mid-disabled',
    ],
    ['an unknown fallback', route('r', { fallbackMidId: 'm9' }), [mid('m1')], 'fallback-mid-missing'],
    [
      'a fallback not accepting the order',
      route('r', { fallbackMidId: 'm2' }),
      [mid('m1'), mid('m2', { currency: ['USD'] })],
      'fallback-criteria-mismatch',
    ],
    ['the same MID as fallback', route('r', { fallbackMidId: 'm1' }), [mid('m1')], 'same-mid'],
  ] as const)('keeps the decline with %s', (_, theRoute, mids, reason) => {
    const result = run([theRoute], [...mids], ['m1']);
    expect(result).toMatchObject({ outcome: 'declined', midId: 'm1', fallback: false, fallbackSkipped: reason });
    expect(result.outcome !== 'no-route' && result.attempts).toHaveLength(1);
  });
});

import {
  type BacktestFigures,
  backtestWindowRange,
  COLLAPSED_VALUE,
  collapseGroups,
  collapseValues,
  createBacktest,
  type MidApprovalStats,
  mentionedValues,
  newlyNamedValues,
  type PaymentGroup,
  runBacktest,
  toBacktestResult,
} from '@domain/backtest';
import { BACKTEST_LIMITS, BACKTEST_OTHER, backtestResult } from '@domain/contract/backtest';
import {
  createRouter,
  distribution,
  NONE_CUSTOM_TAG,
  orderMatches,
  ROUTING_CRITERIA,
  type RoutingCriteria,
  type RoutingMid,
  type RoutingOrder,
  type RoutingRoute,
} from '@domain/routing';
import { normaliseOrder } from '@domain/routing-criteria';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The routing backtest's arithmetic (issue 15): payments grouped by their routing values and routed once per group
// must give what routing every payment one by one gives, with weights as expected values; collapsing the values no
// route names changes nothing; the identity draft moves nothing; no routes leave everything unrouted.

// ---------------------------------------------------------------------------------------------------------------
// Generators: a small universe of values, with the spellings the engine must read alike and values no list names.

const ORDER_VALUES = {
  currency: ['EUR', 'eur', 'USD', ' GBP ', 'JPY'],
  issuerCountry: ['ES', 'es ', 'FR', 'GB', 'DE', 'És'],
  cardBrand: ['VISA', 'visa', 'MC', 'AMEX', 'DINERS'],
  url: [
    'https://shop.example.com/eu/checkout?step=2',
    'http://SHOP.Example.com/',
    'shop.example.com/europe',
    'https://shop.example.com/eu#top',
    'https://pay.shop.example.com/eu',
    'https://other.example.org:8443/x',
    'https://elsewhere.example.net/eu',
    'not a url',
  ],
  customTag: ['VIP', 'vip', 'TRIAL', 'PROMO', 'NONE', 'OTHER'],
  binCode: ['411111', ' 555555', '424242', '41111'],
} satisfies Record<(typeof ROUTING_CRITERIA)[number], string[]>;

const CRITERION_VALUES = {
  currency: ['EUR', 'usd', 'GBP'],
  issuerCountry: ['ES', 'FR', 'gb'],
  cardBrand: ['VISA', 'MC', 'AMEX'],
  url: ['shop.example.com', 'https://shop.example.com/eu', 'other.example.org', 'pay.shop.example.com'],
  customTag: ['VIP', 'TRIAL', NONE_CUSTOM_TAG, 'OTHER'],
  binCode: ['411111', '555555'],
} satisfies Record<(typeof ROUTING_CRITERIA)[number], string[]>;

/** MID ids are identifiers in the contract; an index past the MID list names a MID that does not exist. */
const midIdAt = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const listOf = (values: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.subarray(values, { minLength: 1 }) },
  );

const criteriaArb: fc.Arbitrary<RoutingCriteria> = fc.record(
  Object.fromEntries(ROUTING_CRITERIA.map((criterion) => [criterion, listOf(CRITERION_VALUES[criterion])])) as Record<
    (typeof ROUTING_CRITERIA)[number],
    fc.Arbitrary<string[]>
  >,
);

const orderValue = (values: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...values) }, fc.constantFrom(null, '', '  '));

const STATUSES = ['SUCCESS', 'SUCCESS', 'SUCCESS', 'DECLINED', 'FAILED', 'ABANDONED'] as const;

interface Payment {
  order: Required<{ [K in (typeof ROUTING_CRITERIA)[number]]: string | null }>;
  /** The amount's currency (the payment's currency column, never missing). */
  currency: string;
  amount: number;
  status: (typeof STATUSES)[number];
  /** The MID the payment went through in history. */
  midIndex: number;
}

const paymentArb = (midCount: number): fc.Arbitrary<Payment> =>
  fc.record({
    order: fc.record({
      currency: fc.constantFrom(...ORDER_VALUES.currency),
      issuerCountry: orderValue(ORDER_VALUES.issuerCountry),
      cardBrand: orderValue(ORDER_VALUES.cardBrand),
      url: orderValue(ORDER_VALUES.url),
      customTag: orderValue(ORDER_VALUES.customTag),
      binCode: orderValue(ORDER_VALUES.binCode),
    }),
    currency: fc.constant(''),
    amount: fc.integer({ min: 1, max: 50_000 }),
    status: fc.constantFrom(...STATUSES),
    midIndex: fc.integer({ min: 0, max: midCount }),
  });

const midsArb: fc.Arbitrary<RoutingMid[]> = fc
  .array(
    fc.record({
      enable: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, fc.constant(false)),
      synchronous: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
      criteria: criteriaArb,
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((mids) => mids.map(({ criteria, ...mid }, index) => ({ id: midIdAt(index), ...mid, ...criteria })));

const routeArb = (midCount: number) =>
  fc.record({
    priority: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 2 }) }, fc.integer({ min: 1, max: 10 })),
    weight: fc.oneof(fc.constant(0), { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) }),
    midIndex: fc.integer({ min: 0, max: midCount }),
    fallbackIndex: fc.option(fc.integer({ min: 0, max: midCount }), { freq: 2 }),
    criteria: criteriaArb,
  });

type RouteSeed = ReturnType<typeof routeArb> extends fc.Arbitrary<infer T> ? T : never;

const toRoute = ({ midIndex, fallbackIndex, criteria, ...route }: RouteSeed, id: string): RoutingRoute => ({
  id,
  description: id,
  midId: midIdAt(midIndex),
  fallbackMidId: fallbackIndex === null ? null : midIdAt(fallbackIndex),
  ...route,
  ...criteria,
});

/** What the draft does to a saved route: keeps it, removes it, or edits it. */
const editArb = (midCount: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'keep' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'remove' as const }) },
    { weight: 2, arbitrary: routeArb(midCount).map((seed) => ({ kind: 'edit' as const, seed })) },
  );

interface Scenario {
  mids: RoutingMid[];
  current: RoutingRoute[];
  draft: RoutingRoute[];
  payments: Payment[];
}

const scenarioArb = (payments: { minLength: number; maxLength: number }): fc.Arbitrary<Scenario> =>
  midsArb.chain((mids) =>
    fc
      .record({
        current: fc.array(routeArb(mids.length), { minLength: 1, maxLength: 8 }),
        edits: fc.array(editArb(mids.length), { minLength: 8, maxLength: 8 }),
        added: fc.array(routeArb(mids.length), { maxLength: 3 }),
        payments: fc.array(paymentArb(mids.length), payments),
        /** The first MID has no history at all: its traffic has no approval rate. */
        silent: fc.boolean(),
      })
      .map(({ current, edits, added, payments, silent }) => {
        const saved = current.map((seed, index) => toRoute(seed, `route-${index}`));
        const draft = [
          ...saved.flatMap((route, index) => {
            const edit = edits[index]!;
            if (edit.kind === 'remove') return [];
            return [edit.kind === 'edit' ? toRoute(edit.seed, route.id) : route];
          }),
          ...added.map((seed, index) => toRoute(seed, `new-${index + 1}`)),
        ];
        return {
          mids,
          current: saved,
          draft,
          payments: payments.map((payment) => ({
            ...payment,
            currency: payment.order.currency!.trim(),
            midIndex: silent && payment.midIndex === 0 ? mids.length : payment.midIndex,
          })),
        };
      }),
  );

// ---------------------------------------------------------------------------------------------------------------
// The reference: every payment routed on its own, its expected split written out plainly from the rules.

const midIdOf = (payment: Payment) => midIdAt(payment.midIndex);
const brandOf = (value: string | null | undefined) => value?.trim().toUpperCase() || null;

function statsOf(payments: readonly Payment[]): MidApprovalStats[] {
  return payments
    .filter((payment) => payment.status === 'SUCCESS' || payment.status === 'DECLINED')
    .map((payment) => ({
      midId: midIdOf(payment),
      cardBrand: payment.order.cardBrand,
      successful: payment.status === 'SUCCESS' ? 1 : 0,
      declined: payment.status === 'DECLINED' ? 1 : 0,
    }));
}

function referenceRate(payments: readonly Payment[], midId: string, brand: string | null): number | undefined {
  const outcomes = payments.filter(
    (payment) => midIdOf(payment) === midId && (payment.status === 'SUCCESS' || payment.status === 'DECLINED'),
  );
  if (outcomes.length === 0) return undefined;
  const rate = (list: Payment[]) => list.filter((payment) => payment.status === 'SUCCESS').length / list.length;
  const sameBrand = outcomes.filter((payment) => brandOf(payment.order.cardBrand) === brand);
  return sameBrand.length >= BACKTEST_LIMITS.approvalMinPayments ? rate(sameBrand) : rate(outcomes);
}

/** Routing rule 6, plainly: a decline would be retried on the route's fallback MID. */
function retries(route: RoutingRoute, order: RoutingOrder, mids: ReadonlyMap<string, RoutingMid>): boolean {
  const primary = mids.get(route.midId);
  const fallback = route.fallbackMidId ? mids.get(route.fallbackMidId) : undefined;
  return Boolean(
    primary &&
      fallback &&
      fallback.id !== primary.id &&
      fallback.enable &&
      primary.synchronous &&
      fallback.synchronous &&
      orderMatches(order, fallback),
  );
}

interface Reference {
  total: number;
  totalAmounts: Map<string, number>;
  mids: Map<string, { current: number; draft: number; currentAmounts: Map<string, number> }>;
  moved: number;
  movedAmounts: Map<string, number>;
  flows: Map<string, number>;
  unrouted: { current: number; draft: number };
  coverage: { current: number; draft: number };
  approvals: { current: number | null; draft: number | null; withoutHistory: string[] };
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

function reference({ mids, current, draft, payments }: Scenario): Reference {
  const midMap = new Map(mids.map((mid) => [mid.id, mid]));
  const routers = { current: createRouter(current, mids), draft: createRouter(draft, mids) };
  const result: Reference = {
    total: 0,
    totalAmounts: new Map(),
    mids: new Map(),
    moved: 0,
    movedAmounts: new Map(),
    flows: new Map(),
    unrouted: { current: 0, draft: 0 },
    coverage: { current: 0, draft: 0 },
    approvals: { current: null, draft: null, withoutHistory: [] },
  };
  const routed = { current: 0, draft: 0 };
  const approved = { current: 0, draft: 0 };
  const known = { current: 0, draft: 0 };
  const withoutHistory = new Set<string>();
  const rates = new Map<string, number | undefined>();
  const rateOf = (midId: string, brand: string | null) => {
    const key = `${midId}|${brand}`;
    if (!rates.has(key)) rates.set(key, referenceRate(payments, midId, brand));
    return rates.get(key);
  };
  for (const payment of payments) {
    result.total += 1;
    add(result.totalAmounts, payment.currency, payment.amount);
    const split = { current: new Map<string, number>(), draft: new Map<string, number>() };
    for (const side of ['current', 'draft'] as const) {
      const { serving } = routers[side].distribution(payment.order);
      if (serving.length === 0) {
        result.unrouted[side] += 1;
        split[side].set('none', 1);
        continue;
      }
      routed[side] += 1;
      for (const share of serving) {
        add(split[side], share.midId, share.share);
        const mid = result.mids.get(share.midId) ?? { current: 0, draft: 0, currentAmounts: new Map() };
        mid[side] += share.share;
        if (side === 'current') add(mid.currentAmounts, payment.currency, share.share * payment.amount);
        result.mids.set(share.midId, mid);
        if (retries(share.route, payment.order, midMap)) result.coverage[side] += share.share;
        const rate = rateOf(share.midId, brandOf(payment.order.cardBrand));
        if (rate === undefined) withoutHistory.add(share.midId);
        else {
          approved[side] += share.share * rate;
          known[side] += share.share;
        }
      }
    }
    const losses = [...split.current].map(([mid, share]) => [mid, share - (split.draft.get(mid) ?? 0)] as const);
    const gains = [...split.draft].map(([mid, share]) => [mid, share - (split.current.get(mid) ?? 0)] as const);
    const lost = losses.filter(([, value]) => value > 1e-12);
    const won = gains.filter(([, value]) => value > 1e-12);
    const movedShare = lost.reduce((sum, [, value]) => sum + value, 0);
    const gainedShare = won.reduce((sum, [, value]) => sum + value, 0);
    if (lost.length === 0 || won.length === 0) continue;
    result.moved += movedShare;
    add(result.movedAmounts, payment.currency, movedShare * payment.amount);
    for (const [from, loss] of lost) {
      for (const [to, gain] of won) add(result.flows, `${from}>${to}`, (loss * gain) / gainedShare);
    }
  }
  result.coverage = {
    current: routed.current ? result.coverage.current / routed.current : 0,
    draft: routed.draft ? result.coverage.draft / routed.draft : 0,
  };
  result.approvals = {
    current: known.current ? approved.current / known.current : null,
    draft: known.draft ? approved.draft / known.draft : null,
    withoutHistory: [...withoutHistory].sort(),
  };
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The backtest under test.

/** One group per distinct set of raw values and currency, as SQL's GROUP BY gives them before any collapsing. */
function rawGroups(payments: readonly Payment[]): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup & { payments: number; amount: number }>();
  for (const payment of payments) {
    const key = JSON.stringify([payment.currency, payment.order]);
    const group = groups.get(key) ?? { values: payment.order, currency: payment.currency, payments: 0, amount: 0 };
    group.payments += 1;
    group.amount += payment.amount;
    groups.set(key, group);
  }
  return [...groups.values()];
}

function backtest(scenario: Scenario, collapse: boolean): BacktestFigures {
  const raw = rawGroups(scenario.payments);
  const named = mentionedValues([...scenario.current, ...scenario.draft, ...scenario.mids]);
  return runBacktest({
    groups: collapse ? collapseGroups(raw, named) : raw,
    currentRoutes: scenario.current,
    draftRoutes: scenario.draft,
    mids: scenario.mids,
    approvals: statsOf(scenario.payments),
  });
}

const TOLERANCE = 1e-6;
const expectClose = (actual: number | null, expected: number | null, what: string) => {
  if (expected === null || actual === null) {
    expect(actual, what).toBe(expected);
    return;
  }
  // Sums of thousands of amounts in another order differ in their last bits: relative 1e-12 above a million.
  const tolerance = Math.max(TOLERANCE, Math.abs(expected) * 1e-12);
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
};
const expectSameMap = (actual: ReadonlyMap<string, number>, expected: ReadonlyMap<string, number>, what: string) => {
  for (const key of new Set([...actual.keys(), ...expected.keys()])) {
    expectClose(actual.get(key) ?? 0, expected.get(key) ?? 0, `${what} ${key}`);
  }
};

const flowsOf = (figures: BacktestFigures) => {
  const flows = new Map<string, number>();
  for (const segment of figures.segments) {
    add(flows, `${segment.fromMidId ?? 'none'}>${segment.toMidId ?? 'none'}`, segment.volume.payments);
  }
  return flows;
};

function expectMatchesReference(figures: BacktestFigures, expected: Reference) {
  expectClose(figures.total.payments, expected.total, 'total');
  expectSameMap(figures.total.amounts, expected.totalAmounts, 'total amount');
  for (const midId of new Set([...figures.mids.keys(), ...expected.mids.keys()])) {
    const mid = figures.mids.get(midId);
    const want = expected.mids.get(midId);
    expectClose(mid?.current.payments ?? 0, want?.current ?? 0, `${midId} current`);
    expectClose(mid?.draft.payments ?? 0, want?.draft ?? 0, `${midId} draft`);
    expectSameMap(mid?.current.amounts ?? new Map(), want?.currentAmounts ?? new Map(), `${midId} current amount`);
  }
  expectClose(figures.moved.payments, expected.moved, 'moved');
  expectSameMap(figures.moved.amounts, expected.movedAmounts, 'moved amount');
  expectSameMap(flowsOf(figures), expected.flows, 'flow');
  expectClose(figures.unrouted.current.payments, expected.unrouted.current, 'unrouted today');
  expectClose(figures.unrouted.draft.payments, expected.unrouted.draft, 'unrouted in the draft');
  expectClose(figures.fallbackCoverage.current, expected.coverage.current, 'fallback coverage today');
  expectClose(figures.fallbackCoverage.draft, expected.coverage.draft, 'fallback coverage in the draft');
  expectClose(figures.approvals.current, expected.approvals.current, 'approval rate today');
  expectClose(figures.approvals.draft, expected.approvals.draft, 'approval rate in the draft');
  expect(figures.approvals.midsWithoutHistory).toEqual(expected.approvals.withoutHistory);
}

const window = backtestWindowRange({ preset: '30d' }, Date.parse('2026-03-10T09:00:00Z'));
const answer = (figures: BacktestFigures) =>
  backtestResult.parse(
    toBacktestResult(figures, {
      window,
      midInfo: (midId) => ({ description: midId, acquirerName: 'Acquirer' }),
    }),
  );

// ---------------------------------------------------------------------------------------------------------------

describe('routing backtest (properties)', () => {
  it('equals routing every payment one by one, with weights as expected values', () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 1_000, maxLength: 3_000 }), (scenario) => {
        const expected = reference(scenario);
        expectMatchesReference(backtest(scenario, true), expected);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('gives the same result with or without the values no route names collapsed', () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 50, maxLength: 400 }), (scenario) => {
        const collapsed = backtest(scenario, true);
        const plain = backtest(scenario, false);
        expectMatchesReference(collapsed, reference(scenario));
        expectMatchesReference(plain, reference(scenario));
        expectSameMap(flowsOf(collapsed), flowsOf(plain), 'flow');
        // Collapsing merges groups, never splits them; twice is once.
        const named = mentionedValues([...scenario.current, ...scenario.draft, ...scenario.mids]);
        const once = collapseGroups(rawGroups(scenario.payments), named);
        expect(once.length).toBeLessThanOrEqual(rawGroups(scenario.payments).length);
        expect(collapseGroups(once, named)).toEqual(once);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('gives the same figures fed a slice at a time as the aggregation answers, collapsing as it goes', () => {
    fc.assert(
      fc.property(
        scenarioArb({ minLength: 50, maxLength: 400 }),
        fc.integer({ min: 1, max: 5 }),
        (scenario, slices) => {
          const backtest = createBacktest({
            currentRoutes: scenario.current,
            draftRoutes: scenario.draft,
            mids: scenario.mids,
            mentioned: mentionedValues([...scenario.current, ...scenario.draft, ...scenario.mids]),
          });
          // Each slice of the window gives its own groups: the same raw values come again from slice to slice.
          for (let slice = 0; slice < slices; slice++) {
            const part = scenario.payments.filter((_, index) => index % slices === slice);
            for (const group of rawGroups(part)) backtest.addGroup(group);
            for (const stats of statsOf(part)) backtest.addApprovals(stats);
          }
          expectMatchesReference(backtest.finish(), reference(scenario));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it("routes each group by the simulator's serving routes and shares", () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 1, maxLength: 30 }), (scenario) => {
        const router = createRouter(scenario.current, scenario.mids);
        for (const { order } of scenario.payments) {
          const lean = router
            .servingShares(normaliseOrder(order))
            .map(({ route, share }): [string, number] => [route.id, share]);
          const shown = distribution(order, scenario.current, scenario.mids).serving.map((route): [string, number] => [
            route.id,
            route.share,
          ]);
          expect(new Map(lean)).toEqual(new Map(shown));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('moves nothing when the draft is the current routing', () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 50, maxLength: 400 }), (scenario) => {
        // The same routes, listed in another order: the engine orders them itself.
        const figures = backtest({ ...scenario, draft: [...scenario.current].reverse() }, true);
        expect(figures.moved.payments).toBe(0);
        expect(figures.segments).toEqual([]);
        for (const [, mid] of figures.mids) expectClose(mid.draft.payments, mid.current.payments, 'identity');
        expect(figures.approvals.draft).toBe(figures.approvals.current);
        expect(figures.fallbackCoverage.draft).toBe(figures.fallbackCoverage.current);
        const result = answer(figures);
        expect(result.moved).toEqual({ payments: 0, amounts: [], segments: [] });
        for (const mid of result.mids) {
          expect(mid.difference.payments).toBe(0);
          expect(mid.difference.amounts.every((entry) => entry.amount === 0)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('leaves all traffic unrouted when the draft removes every route', () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 50, maxLength: 400 }), (scenario) => {
        const figures = backtest({ ...scenario, draft: [] }, true);
        expectClose(figures.unrouted.draft.payments, figures.total.payments, 'unrouted');
        expectSameMap(figures.unrouted.draft.amounts, figures.total.amounts, 'unrouted amount');
        expectClose(figures.moved.payments, figures.total.payments - figures.unrouted.current.payments, 'moved');
        expect(figures.segments.every((segment) => segment.toMidId === null)).toBe(true);
        expect(figures.fallbackCoverage.draft).toBe(0);
        expect(figures.approvals.draft).toBeNull();
        for (const [, mid] of figures.mids) expect(mid.draft.payments).toBe(0);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('answers the contract: amounts in whole minor units, current + difference = draft, at most 20 segments', () => {
    fc.assert(
      fc.property(scenarioArb({ minLength: 200, maxLength: 1_000 }), (scenario) => {
        const result = answer(backtest(scenario, true));
        expect(result.moved.segments.length).toBeLessThanOrEqual(BACKTEST_LIMITS.segments);
        const sizes = result.moved.segments.map((segment) => segment.payments);
        expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
        for (const mid of result.mids) {
          expectClose(mid.current.payments + mid.difference.payments, mid.draft.payments, 'payments');
          for (const { currency, amount } of mid.difference.amounts) {
            const of = (side: 'current' | 'draft') =>
              mid[side].amounts.find((entry) => entry.currency === currency)?.amount ?? 0;
            expect(of('current') + amount).toBe(of('draft'));
          }
        }
        const routed = (side: 'current' | 'draft') =>
          result.mids.reduce((sum, mid) => sum + mid[side].payments, 0) + result.unrouted[side].payments;
        expect(Math.abs(routed('current') - result.total.payments)).toBeLessThan(1e-3);
        expect(Math.abs(routed('draft') - result.total.payments)).toBeLessThan(1e-3);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe("the draft's new values", () => {
  it('counts the values the draft names that the saved routing does not, read as the engine reads them', () => {
    const saved = mentionedValues([{ issuerCountry: ['ES'], binCode: ['411111'], url: ['shop.example.com/eu'] }]);
    const draft = mentionedValues([
      {
        // Currencies and card brands never collapse: they add no kinds of payments to keep apart.
        currency: ['EUR'],
        cardBrand: ['VISA'],
        issuerCountry: ['es', 'FR'],
        // A malformed BIN names no BIN.
        binCode: ['411111', ' 555555', '4111'],
        url: ['https://SHOP.example.com/eu/', 'shop.example.com/us'],
        customTag: ['VIP'],
      },
    ]);
    // FR, 555555, shop.example.com/us and VIP.
    expect(newlyNamedValues(saved, draft)).toBe(4);
    expect(newlyNamedValues(draft, draft)).toBe(0);
  });
});

describe('collapsing values', () => {
  const named = mentionedValues([
    { issuerCountry: ['es'], customTag: [NONE_CUSTOM_TAG, 'OTHER'], binCode: ['411111', '4111'] },
    { url: ['shop.example.com', 'https://shop.example.com/eu/', 'shop.example.com/eu/checkout'] },
  ]);

  it('keeps the values a list names as the engine compares them, and collapses the rest', () => {
    expect(
      collapseValues(
        {
          currency: ' eur',
          issuerCountry: ' Es ',
          cardBrand: 'visa',
          url: 'https://SHOP.example.com:8443/eu/pay?x=1',
          customTag: 'promo',
          binCode: ' 411111 ',
        },
        named,
      ),
    ).toEqual({
      currency: 'EUR',
      issuerCountry: 'ES',
      cardBrand: 'VISA',
      url: 'shop.example.com/eu',
      customTag: COLLAPSED_VALUE,
      binCode: '411111',
    });
    expect(
      collapseValues(
        { issuerCountry: 'FR', url: 'https://elsewhere.example/eu', customTag: 'other', binCode: '4111' },
        named,
      ),
    ).toEqual({
      currency: null,
      issuerCountry: COLLAPSED_VALUE,
      cardBrand: null,
      url: COLLAPSED_VALUE,
      customTag: 'OTHER',
      // A malformed BIN is no BIN, and a malformed list item names none.
      binCode: null,
    });
    expect(collapseValues({ url: 'https://shop.example.com/europe', customTag: '  ' }, named)).toMatchObject({
      url: 'shop.example.com',
      customTag: null,
    });
  });

  it('never lets a collapsed value match a list, not even NONE or a literal OTHER', () => {
    const mids: RoutingMid[] = [{ id: midIdAt(0), enable: true, synchronous: true }];
    const route = (id: string, criteria: RoutingCriteria): RoutingRoute => ({
      id,
      description: id,
      priority: 1,
      weight: 1,
      midId: midIdAt(0),
      ...criteria,
    });
    const groups: PaymentGroup[] = [
      {
        values: { ...collapseValues({ customTag: 'PROMO', binCode: '999999', url: 'x.example' }, named) },
        currency: 'EUR',
        payments: 5,
        amount: 500,
      },
    ];
    for (const restricted of [
      { customTag: [NONE_CUSTOM_TAG] },
      { customTag: ['OTHER'] },
      { customTag: [BACKTEST_OTHER] },
      { binCode: ['999998'] },
      { url: ['x.example.org'] },
    ]) {
      const figures = runBacktest({
        groups,
        currentRoutes: [route('any', {})],
        draftRoutes: [route('restricted', restricted)],
        mids,
        approvals: [],
      });
      expect(figures.unrouted.draft.payments, JSON.stringify(restricted)).toBe(5);
    }
  });

  it('stops when its signal is aborted', () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    expect(() =>
      runBacktest({
        groups: [],
        currentRoutes: [],
        draftRoutes: [],
        mids: [],
        approvals: [],
        signal: controller.signal,
      }),
    ).toThrow('gone');
  });
});

import { performance } from 'node:perf_hooks';
import type { RoutingMid, RoutingRoute } from '@domain/routing';
import { lintRouting } from '@domain/routing-lint';
import { createRandom } from '../../db/seed/random';
import { describeLatency, round, summarize } from './stats';
import type { Measurement } from './types';

// Issue 28: "lint of 500 routes x 50 MIDs <= 50 ms". A merchant's routing grown over years, generated from a fixed
// seed: 50 MIDs (a few restricted to currencies or brands, some disabled), 500 routes over priorities 1 to 10 with
// currencies, brands, issuer countries, BIN lists, URL prefixes and custom tags, nested so that many are shadowed by
// unions of higher ones and some contradict their MID. The pure check, as the API runs it on every call.

const ROUTES = 500;
const MIDS = 50;
const RUNS = 60;

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'PLN'];
const BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'DINERS', 'DISCOVER'];
const COUNTRIES = ['ES', 'FR', 'DE', 'IT', 'GB', 'US', 'NL', 'PT', 'BE', 'IE'];
const HOSTS = ['shop.example', 'eu.shop.example', 'app.example'];
const PATHS = ['', '/eu', '/eu/de', '/checkout', '/subscribe'];
const TAGS = ['VIP', 'B2B', 'NONE', 'PROMO'];

/** The demo generator's seeded source, so every run lints the same routing. */
function seeded(seed: number) {
  const random = createRandom(seed);
  const some = <T>(values: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: random.int(1, max) }, () => random.pick(values))),
  ];
  return { next: () => random.next(), some };
}

export function generatedRouting(seed = 28): { routes: RoutingRoute[]; mids: RoutingMid[] } {
  const random = seeded(seed);
  const maybe = <T>(chance: number, value: () => T[]): T[] => (random.next() < chance ? value() : []);
  const mids: RoutingMid[] = Array.from({ length: MIDS }, (_, index) => ({
    id: `mid-${index}`,
    enable: random.next() > 0.08,
    synchronous: random.next() > 0.2,
    currency: maybe(0.2, () => random.some(CURRENCIES, 2)),
    cardBrand: maybe(0.1, () => random.some(BRANDS, 2)),
  }));
  // Higher priorities are the narrower rules (a BIN range, a country, a shop), as merchants write them.
  const routes: RoutingRoute[] = Array.from({ length: ROUTES }, (_, index) => {
    const priority = 1 + Math.floor(random.next() * 10);
    const narrow = priority / 10;
    return {
      id: `route-${String(index).padStart(3, '0')}`,
      description: `Route ${index}`,
      priority,
      weight: random.next() < 0.05 ? 0 : 1 + Math.floor(random.next() * 100),
      midId: `mid-${Math.floor(random.next() * MIDS)}`,
      currency: maybe(0.5 + 0.5 * narrow, () => random.some(CURRENCIES, 3)),
      cardBrand: maybe(0.2 + 0.6 * narrow, () => random.some(BRANDS, 2)),
      issuerCountry: maybe(0.1 + 0.7 * narrow, () => random.some(COUNTRIES, 4)),
      binCode: maybe(0.3 * narrow, () => random.some(['411111', '555555', '378282', '400000'], 2)),
      url: maybe(0.4 * narrow, () =>
        random.some(HOSTS, 1).flatMap((host) => random.some(PATHS, 2).map((path) => host + path)),
      ),
      customTag: maybe(0.3 * narrow, () => random.some(TAGS, 2)),
    };
  });
  return { routes, mids };
}

export const routingLintP95: Measurement = {
  name: `Routing lint, ${ROUTES} routes on ${MIDS} MIDs p95`,
  group: 'backtest',
  budget: { op: '<=', value: 50, unit: 'ms' },
  async run() {
    const { routes, mids } = generatedRouting();
    const samples: number[] = [];
    let findings = 0;
    for (let index = -5; index < RUNS; index++) {
      const begin = performance.now();
      findings = lintRouting(routes, mids).length;
      if (index >= 0) samples.push(performance.now() - begin);
    }
    const summary = summarize(samples);
    return {
      value: round(summary.p95),
      unit: 'ms',
      detail: `${describeLatency(summary)}; ${findings} of ${ROUTES} routes never take payments`,
    };
  },
};

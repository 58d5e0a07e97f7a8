import { describeLatency, round } from './stats';
import { timeRequests } from './timing';
import type { Measurement } from './types';

// The palette's search as the user types (design.md section 5: jump to a pasted ID <= 100 ms; issue 12: a name at any
// prefix length <= 16 ms of server time, on 200,000 merchants in 2,000 accounts).

const REQUESTS = 100;
const BUDGET = { op: '<=', value: 100, unit: 'ms' } as const;
const NAME_BUDGET = { op: '<=', value: 16, unit: 'ms' } as const;

/**
 * What a user types, a keystroke at a time: growing prefixes of merchant names, from the first letter (which matches
 * tens of thousands of names) to a rare word, and letters that start no name but start later words.
 */
const NAME_PREFIXES = [
  'g',
  'go',
  'Gol',
  'Gold',
  'Golden',
  'Golden F',
  'h',
  'ha',
  'Harb',
  'o',
  'ot',
  'Swif',
  'z',
  'Zeph',
  'Blue Ri',
  'b',
  'Bak',
  'x',
];

export const searchByName: Measurement = {
  name: 'Palette search by name p95',
  group: 'search',
  budget: NAME_BUDGET,
  async run(context) {
    const fixture = await context.api();
    const prefix = (index: number) => NAME_PREFIXES[index % NAME_PREFIXES.length]!;
    const summary = await timeRequests(
      fixture,
      (index) => `/search?q=${encodeURIComponent(prefix(index))}`,
      REQUESTS,
      prefix,
    );
    return { value: round(summary.p95), unit: 'ms', detail: `${describeLatency(summary)}; ${summary.byLabel}` };
  },
};

export const searchPastedId: Measurement = {
  name: 'Palette search, pasted ID p95',
  group: 'search',
  budget: BUDGET,
  async run(context) {
    const fixture = await context.api();
    const ids = fixture.merchantIds;
    if (ids.length === 0) throw new Error('no merchants to search for');
    let found = 0;
    let asked = 0;
    const summary = await timeRequests(
      fixture,
      (index) => {
        const id = ids[index % ids.length]!;
        // Whole ids and the 8-character prefix a user copies from a log line, alternately.
        return `/search?q=${index % 2 === 0 ? id : id.slice(0, 8)}`;
      },
      REQUESTS,
      (index) => (index % 2 === 0 ? 'whole id' : '8-char prefix'),
    );
    // A few calls outside the timing check that the search really finds what was pasted.
    for (const id of ids.slice(0, 5)) {
      const response = await fixture.get(`/search?q=${id}`);
      asked += 1;
      const body = JSON.parse(response.body) as { items?: { id?: string }[] };
      if (body.items?.some((item) => item.id === id)) found += 1;
    }
    return {
      value: round(summary.p95),
      unit: 'ms',
      detail: `${describeLatency(summary)}; ${summary.byLabel}; found ${found}/${asked} pasted ids`,
      ...(found < asked ? { pass: false } : {}),
    };
  },
};

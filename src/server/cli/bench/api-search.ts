import { performance } from 'node:perf_hooks';
import { searchNamesResponse } from '@domain/contract/search';
import { completeQuery, parseQuery, TRANSACTION_QUERY_KEYS } from '@domain/search-query';
import { describeLatency, round, summarize } from './stats';
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

/**
 * A value typed a keystroke at a time after `merchant:` (issue 26): each keystroke parses the query, completes it,
 * asks GET /search/names for the word so far and completes again with the names answered, as the search box does.
 */
const TYPED_VALUES = ['g', 'go', 'gol', 'gold', 'golde', 'golden', '"golden f', 'h', 'ha', 'har', 'harb', 'z', 'ze'];
const COMPLETION_BUDGET = { op: '<=', value: 5, unit: 'ms' } as const;
const KEYSTROKES = 200;
const WARM_UP_KEYSTROKES = 20;

export const completionPerKeystroke: Measurement = {
  name: 'Query completion a keystroke p95 (parse + complete + names)',
  group: 'search',
  budget: COMPLETION_BUDGET,
  async run(context) {
    const fixture = await context.api();
    const now = new Date();
    const total: number[] = [];
    const pure: number[] = [];
    const server: number[] = [];
    let offered = 0;
    const byTerm = new Map<string, number[]>();
    for (let index = -WARM_UP_KEYSTROKES; index < KEYSTROKES; index++) {
      const typed = TYPED_VALUES[(index + WARM_UP_KEYSTROKES) % TYPED_VALUES.length]!;
      const text = `status:success merchant:${typed}`;
      const begin = performance.now();
      parseQuery(text, TRANSACTION_QUERY_KEYS, { now });
      const completion = completeQuery(text, text.length, TRANSACTION_QUERY_KEYS);
      const firstPass = performance.now() - begin;
      const need = completion.need;
      if (!need) throw new Error(`no names asked for '${text}'`);
      const query = new URLSearchParams({ source: 'merchants', q: need.prefix, accountId: fixture.accountId });
      const response = await fixture.get(`/search/names?${query}`);
      if (response.status !== 200) throw new Error(`GET /search/names answered ${response.status}: ${response.body}`);
      const secondBegin = performance.now();
      const { items } = searchNamesResponse.parse(JSON.parse(response.body));
      const options = { [need.key.name]: items.map((item) => ({ value: item.id, label: item.name })) };
      const answered = completeQuery(text, text.length, TRANSACTION_QUERY_KEYS, { options });
      const secondPass = performance.now() - secondBegin;
      if (index < 0) continue;
      if (answered.items.length > 0) offered += 1;
      pure.push(firstPass + secondPass);
      server.push(response.ms);
      byTerm.set(typed, [...(byTerm.get(typed) ?? []), response.ms]);
      total.push(firstPass + secondPass + response.ms);
    }
    const summary = summarize(total);
    const terms = [...byTerm].map(([term, values]) => `${term} ${round(summarize(values).p50)}`).join(', ');
    return {
      value: round(summary.p95),
      unit: 'ms',
      detail: `${describeLatency(summary)}; parse + complete ${describeLatency(summarize(pure))}; names call ${describeLatency(summarize(server))} (p50 by term: ${terms} ms); ${offered}/${total.length} keystrokes offered names; ${fixture.rows.toLocaleString('en')} merchants on ${fixture.kind}`,
    };
  },
};

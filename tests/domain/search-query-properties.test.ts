import { presetSlugOf } from '@domain/date-filter';
import { DATE_PRESETS } from '@domain/format';
import {
  isRepeatable,
  MAX_QUERY_LENGTH,
  parseQuery,
  printQuery,
  QUERY_KEY_REGISTRIES,
  type QueryContext,
  type QueryKeyRegistry,
  type QueryKeySpec,
  TRANSACTION_QUERY_KEYS,
} from '@domain/search-query';
import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The grammar's promises, over generated input: what the address holds prints to a query that reads back to it,
// a query read and printed reads back to the same filters and the same text, and no input makes the parser throw.

const now = new Date(2026, 10, 20, 12);
/** Names made to trouble the printer: spaces, commas, quotes, backslashes, a colon, a leading dash, twins. */
const NAMED = ['Blue Harbor', 'blue-harbor', 'Sea, "Red"', 'back\\slash', 'a:b', '-dash', 'Ünïcode'].map(
  (label, index) => ({
    value: `3f1c2a4e-1111-4222-8333-9444455556${String(index).padStart(2, '0')}`,
    label,
  }),
);
/** Every list's keys, so a list that gains keys is covered without a test of its own. */
const REGISTRIES = QUERY_KEY_REGISTRIES;
/** The records every id key picks from (merchants, MIDs, agents, providers, accounts...) carry the troublesome names. */
const context: QueryContext = {
  now,
  options: Object.fromEntries(
    REGISTRIES.flatMap((registry) => registry.keys)
      .filter((spec) => spec.kind === 'idList')
      .map((spec) => [spec.name, NAMED]),
  ),
};

const uuid = fc.uuid({ version: 4 });
/** Text a user may hold in a text filter or the search: printable, trimmed, never empty. */
const freeText = fc
  .string({
    unit: fc.constantFrom('a', 'Z', '7', ' ', '  ', '"', '\\', ',', ':', '-', '.', 'é', '\t'),
    minLength: 1,
    maxLength: 20,
  })
  .map((text) => text.trim())
  .filter((text) => text !== '');
const day = fc.integer({ min: -800, max: 0 }).map((offset) => dayjs(now).add(offset, 'day').format('YYYY-MM-DD'));

function valuesFor(spec: QueryKeySpec): fc.Arbitrary<string[]> {
  switch (spec.kind) {
    case 'enum':
      // A single select holds one value (the routes' fallback, the users' type).
      return fc.subarray(
        spec.options.map((option) => option.value),
        { minLength: 1, maxLength: isRepeatable(spec) ? Math.min(6, spec.options.length) : 1 },
      );
    case 'idList':
      return fc.uniqueArray(fc.oneof(fc.constantFrom(...NAMED.map((option) => option.value)), uuid), {
        minLength: 1,
        maxLength: 4,
      });
    case 'textList':
      return fc.uniqueArray(freeText, { minLength: 1, maxLength: 3 });
    case 'numberRange':
      return fc
        .tuple(fc.integer({ min: spec.min, max: spec.max }), fc.integer({ min: spec.min, max: spec.max }))
        .map(([a, b]) => [String(Math.min(a, b)), String(Math.max(a, b))]);
    case 'dateRange':
      return fc.oneof(
        fc.constantFrom(...DATE_PRESETS.map(presetSlugOf)).map((slug) => [slug]),
        day.map((only) => [only]),
        fc.tuple(day, day).map(([a, b]) => [a < b ? `${a}..${b}` : `${b}..${a}`]),
      );
    case 'flag':
      return fc.constant(['true']);
  }
}

/** A filter set as the address holds it: some of the list's keys, each with values of its kind, and a search. */
function addressOf(registry: QueryKeyRegistry) {
  const filters = fc.record(
    Object.fromEntries(registry.keys.map((spec) => [spec.param, valuesFor(spec)])) as Record<
      string,
      fc.Arbitrary<string[]>
    >,
    { requiredKeys: [] },
  );
  return fc.record({ filters, search: fc.oneof(fc.constant(''), freeText) });
}

/** Pieces of queries: keys in any case, the values users type, ranges, dates, quotes, stray text. */
function queryOf(registry: QueryKeyRegistry) {
  const keyNames = registry.keys.flatMap((spec) => [spec.name, ...(spec.aliases ?? [])]);
  const key = fc
    .tuple(fc.constantFrom(...keyNames, 'nope'), fc.boolean())
    .map(([name, upper]) => (upper ? name.toUpperCase() : name));
  const typedValue = fc.oneof(
    fc.constantFrom(
      'success',
      'in-process',
      '"In process"',
      'fr',
      'card',
      'to-do',
      'paid',
      'retrieval',
      'unassigned',
      'true',
      'Blue Harbor',
      '"Sea, \\"Red\\""',
      'active',
      'visa',
      'rdr',
      'eur',
      'required',
      'with-fallback',
      'false',
      '10-20',
      '7',
      'insert',
      '"Custom tag"',
      'invited',
      '>50',
      '<=7',
      '10..50',
      '50..10',
      'today',
      'yesterday',
      '>7d',
      '>30d',
      '>2w',
      '>1m',
      '<7d',
      '2026-11-01',
      '2026-11-01..2026-11-15',
      'last-month',
      '"x y"',
      '',
    ),
    uuid,
    freeText,
  );
  const term = fc
    .tuple(fc.boolean(), key, fc.array(typedValue, { minLength: 1, maxLength: 3 }))
    .map(([negated, name, values]) => `${negated ? '-' : ''}${name}:${values.join(',')}`);
  const word = fc.oneof(freeText, fc.constantFrom('"quoted words"', 'o"neil', '-minus', 'trailing"'));
  return fc.array(fc.oneof(term, word), { maxLength: 8 }).map((parts) => parts.join(' '));
}

/** The address as the parser writes it: list values without repeats, enum values in the options' order. */
function canonical(registry: QueryKeyRegistry, filters: Record<string, string[] | undefined>) {
  const result: Record<string, string[]> = {};
  for (const spec of registry.keys) {
    const values = filters[spec.param];
    if (!values) continue;
    result[spec.param] =
      spec.kind === 'enum'
        ? spec.options.map((option) => option.value).filter((value) => values.includes(value))
        : values;
  }
  return result;
}

describe.each(REGISTRIES)('the $list query language', (registry) => {
  it('prints any filter set to a query that reads back to the same filters and search', () => {
    fc.assert(
      fc.property(addressOf(registry), ({ filters, search }) => {
        const printed = printQuery({ filters: filters as Record<string, string[]>, search }, registry, context);
        expect(printed.unprintable).toEqual([]);
        const parsed = parseQuery(printed.query, registry, context);
        expect(parsed.errors).toEqual([]);
        expect(parsed.filters).toEqual(canonical(registry, filters));
        expect(parsed.search).toBe(search);
      }),
      { numRuns: 400 },
    );
  });

  it('reads any query to filters that print to a query reading back to them (query -> filters -> query is stable)', () => {
    fc.assert(
      fc.property(queryOf(registry), (query) => {
        const first = parseQuery(query, registry, context);
        const printed = printQuery(first, registry, context);
        expect(printed.unprintable).toEqual([]);
        const second = parseQuery(printed.query, registry, context);
        expect(second.errors).toEqual([]);
        expect(second.filters).toEqual(first.filters);
        expect(second.search).toBe(first.search);
        expect(printQuery(second, registry, context).query).toBe(printed.query);
      }),
      { numRuns: 400 },
    );
  });
});

describe('fuzzing the parser', () => {
  const check = (input: string) => {
    const started = performance.now();
    const result = parseQuery(input, TRANSACTION_QUERY_KEYS, context);
    const elapsed = performance.now() - started;
    expect(Array.isArray(result.errors)).toBe(true);
    expect(typeof result.search).toBe('string');
    for (const error of result.errors) {
      expect(error.start).toBeGreaterThanOrEqual(0);
      expect(error.end).toBeLessThanOrEqual(input.length);
      expect(error.start).toBeLessThanOrEqual(error.end);
      expect(error.message).not.toBe('');
    }
    return elapsed;
  };

  it('answers random strings with NUL bytes, quotes and colons without throwing', () => {
    const unit = fc.oneof(
      fc.constantFrom('\u0000', '"', ':', ',', '-', '..', '>', '<', '=', ' ', '\\', 'status', 'risk', 'created', '7d'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 200 }), (parts) => {
        check(parts.join(''));
      }),
      { numRuns: 1000 },
    );
  });

  it('answers 10 KB of input with one typed error, at once', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 10_000, maxLength: 10_240 }), (input) => {
        // A bound far above the real cost, so a slow machine never fails it but a quadratic parser would.
        expect(check(input)).toBeLessThan(50);
        expect(parseQuery(input, TRANSACTION_QUERY_KEYS, context).errors.map((error) => error.code)).toEqual([
          'tooLong',
        ]);
      }),
      { numRuns: 20 },
    );
  });

  it('stays fast at the longest input it reads, even when every term is a near miss', () => {
    const worst = Array.from({ length: 60 }, () => `country:${'q'.repeat(25)}`)
      .join(' ')
      .slice(0, MAX_QUERY_LENGTH);
    expect(check(worst)).toBeLessThan(50);
  });
});

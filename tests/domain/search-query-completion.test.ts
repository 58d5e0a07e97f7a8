import {
  CHARGEBACK_QUERY_KEYS,
  type CompletionContext,
  completeQuery,
  INVOICE_QUERY_KEYS,
  MAX_COMPLETION_ITEMS,
  parseQuery,
  type QueryKeyRegistry,
  RISK_ALERT_QUERY_KEYS,
  SUBSCRIPTION_QUERY_KEYS,
  TRANSACTION_QUERY_KEYS,
} from '@domain/search-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Completion under the search boxes and in the palette (issue 26): what a user sees offered as they type, and what
// choosing it writes into the box.

const now = new Date(2026, 10, 20, 12);
const MERCHANTS = [
  { value: '3f1c2a4e-1111-4222-8333-944445555601', label: 'Blue Harbor' },
  { value: '3f1c2a4e-1111-4222-8333-944445555602', label: 'Blueberry Shop' },
  { value: '3f1c2a4e-1111-4222-8333-944445555603', label: 'Red Lantern' },
];
const context: CompletionContext = { options: { merchant: MERCHANTS, route: MERCHANTS, mid: MERCHANTS } };

/** The text after choosing the item at `index` of the completion at the end of `text`. */
function accept(text: string, registry: QueryKeyRegistry = TRANSACTION_QUERY_KEYS, index = 0, cursor = text.length) {
  const completion = completeQuery(text, cursor, registry, context);
  const item = completion.items[index];
  if (!item) throw new Error(`nothing offered for '${text}'`);
  return text.slice(0, completion.from) + item.insert + text.slice(completion.to);
}

const labels = (text: string, registry: QueryKeyRegistry = TRANSACTION_QUERY_KEYS, cursor = text.length) =>
  completeQuery(text, cursor, registry, context).items.map((item) => item.label);

describe('completeQuery: keys', () => {
  it('offers the key a word starts, with its colon, and replaces only that word', () => {
    expect(labels('sta')).toEqual(['status:']);
    expect(accept('sta')).toBe('status:');
    expect(accept('blue sta')).toBe('blue status:');
    expect(completeQuery('blue sta', 8, TRANSACTION_QUERY_KEYS)).toMatchObject({ from: 5, to: 8 });
  });

  it('matches aliases case-insensitively and writes the canonical name', () => {
    expect(labels('PaymentM')[0]).toBe('method:');
    expect(accept('IS')).toBe('status:');
  });

  it('ranks prefixes before substrings before near misses', () => {
    // 'ated' starts no key of the transactions list but is inside 'created'.
    expect(labels('ated')).toEqual(['created:']);
    expect(labels('stauts')).toContain('status:');
    expect(labels('c').slice(0, 3)).toEqual(['country:', 'category:', 'currency:']);
  });

  it('after a dash offers only the keys that can be excluded', () => {
    const offered = labels('-');
    expect(offered).toContain('status:');
    expect(offered).not.toContain('country:');
    expect(offered).not.toContain('merchant:');
    expect(accept('-me')).toBe('-method:');
    expect(labels('-cou')).toEqual([]);
  });

  it('offers every key (the first eight) at an empty word, and none inside free text that cannot be a key', () => {
    expect(labels('')).toHaveLength(MAX_COMPLETION_ITEMS);
    expect(labels('status:success ')).toHaveLength(MAX_COMPLETION_ITEMS);
    expect(labels('12')).toEqual([]);
    expect(labels('"sta')).toEqual([]);
  });

  it('completes a key in the middle of the text, keeping one colon and what follows', () => {
    const text = 'stat:declined blue';
    const completion = completeQuery(text, 3, TRANSACTION_QUERY_KEYS);
    expect(completion).toMatchObject({ from: 0, to: 5 });
    expect(accept(text, TRANSACTION_QUERY_KEYS, 0, 3)).toBe('status:declined blue');
  });
});

describe('completeQuery: values', () => {
  it('completes an enum value as the printer writes it', () => {
    expect(labels('status:dec')).toEqual(['declined']);
    expect(accept('status:dec')).toBe('status:declined');
    expect(accept('status:in-pr')).toBe('status:in-process');
    expect(completeQuery('status:dec', 10, TRANSACTION_QUERY_KEYS).items[0]).toMatchObject({
      kind: 'value',
      detail: 'Declined',
    });
  });

  it('after a comma offers the next value, leaving out those already chosen', () => {
    const offered = labels('status:success,');
    expect(offered).not.toContain('success');
    expect(offered.length).toBeGreaterThan(0);
    expect(accept('status:success,dec')).toBe('status:success,declined');
  });

  it('completes countries by code and by name, written as the code', () => {
    expect(labels('country:spa')).toContain('es');
    expect(accept('country:germ')).toBe('country:de');
    expect(labels('country:us')[0]).toBe('us');
  });

  it('quotes names with spaces and replaces an open quote with the whole quoted name', () => {
    expect(labels('merchant:blue')).toEqual(['Blue Harbor', 'Blueberry Shop']);
    expect(accept('merchant:blue')).toBe('merchant:"Blue Harbor"');
    expect(accept('merchant:"Blue H')).toBe('merchant:"Blue Harbor"');
    expect(accept('merchant:"Blue H" x', TRANSACTION_QUERY_KEYS, 0, 15)).toBe('merchant:"Blue Harbor" x');
  });

  it('says when names live on the server, with the word typed so far', () => {
    const completion = completeQuery('merchant:blu', 12, TRANSACTION_QUERY_KEYS);
    expect(completion.need?.key.name).toBe('merchant');
    expect(completion.need?.prefix).toBe('blu');
    expect(completeQuery('merchant:"Blue H', 16, TRANSACTION_QUERY_KEYS).need?.prefix).toBe('Blue H');
    expect(completeQuery('agent:', 6, CHARGEBACK_QUERY_KEYS).need?.key.name).toBe('agent');
    expect(completeQuery('plan:x', 6, SUBSCRIPTION_QUERY_KEYS).need?.key.name).toBe('plan');
    expect(completeQuery('status:x', 8, TRANSACTION_QUERY_KEYS).need).toBeUndefined();
  });

  it("offers the agent filter's fixed choices before any name arrives", () => {
    expect(labels('agent:un', CHARGEBACK_QUERY_KEYS)).toEqual(['Unassigned']);
  });

  it('offers date spans, range forms and flags that the parser reads', () => {
    expect(labels('created:')).toEqual(expect.arrayContaining(['today', '>7d', '>30d']));
    expect(accept('created:tod')).toBe('created:today');
    expect(completeQuery('risk:', 5, TRANSACTION_QUERY_KEYS).items[0]).toMatchObject({ kind: 'syntax', label: '>50' });
    expect(accept('hideExpired:', CHARGEBACK_QUERY_KEYS)).toBe('hideExpired:true');
    expect(labels('url:')).toEqual([]);
  });

  it('offers nothing for unknown keys, refused negations, or after a closed quote', () => {
    expect(labels('nope:x')).toEqual([]);
    expect(labels('-country:')).toEqual([]);
    expect(labels('merchant:"Blue Harbor"')).toEqual([]);
  });
});

const REGISTRIES = [
  TRANSACTION_QUERY_KEYS,
  CHARGEBACK_QUERY_KEYS,
  INVOICE_QUERY_KEYS,
  RISK_ALERT_QUERY_KEYS,
  SUBSCRIPTION_QUERY_KEYS,
];
const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('status:', 'merchant:"', '-', 'country:u', 'risk:>', 'created:', 'agent:,', '\u0000sta', ':,"\\'),
);

describe('completeQuery: properties', () => {
  it('never throws and answers a span inside the text, at most eight items', () => {
    fc.assert(
      fc.property(
        fc.array(anyText, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -5, max: 300 }),
        fc.constantFrom(...REGISTRIES),
        (parts, cursor, registry) => {
          const text = parts.join('');
          const completion = completeQuery(text, cursor, registry, context);
          expect(completion.from).toBeGreaterThanOrEqual(0);
          expect(completion.from).toBeLessThanOrEqual(completion.to);
          expect(completion.to).toBeLessThanOrEqual(text.length);
          expect(completion.items.length).toBeLessThanOrEqual(MAX_COMPLETION_ITEMS);
        },
      ),
    );
  });

  it('answers NUL bytes and 10 KB inputs without items and without throwing', () => {
    const huge = 'status:'.repeat(1500);
    expect(completeQuery(huge, huge.length, TRANSACTION_QUERY_KEYS).items).toEqual([]);
    expect(completeQuery('sta\u0000', 4, TRANSACTION_QUERY_KEYS).items).toEqual([]);
    expect(completeQuery('x'.repeat(10_240), 5_000, TRANSACTION_QUERY_KEYS)).toMatchObject({ from: 5_000, to: 5_000 });
    expect(completeQuery('sta', Number.NaN, TRANSACTION_QUERY_KEYS).items[0]?.label).toBe('status:');
  });

  it('choosing the first item never makes an unknown key or value of the term it completes', () => {
    const prefixes = REGISTRIES.flatMap((registry) =>
      registry.keys.flatMap((spec) => [
        { registry, text: spec.name.slice(0, 2) },
        { registry, text: `${spec.name}:` },
        { registry, text: `${spec.name}:a` },
        { registry, text: `${spec.name}:b` },
        { registry, text: `${spec.name}:"` },
      ]),
    );
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), ({ registry, text }) => {
        const completion = completeQuery(text, text.length, registry, context);
        const item = completion.items[0];
        if (!item) return;
        const next = text.slice(0, completion.from) + item.insert + text.slice(completion.to);
        const parsed = parseQuery(next, registry, { now, options: context.options });
        const codes = parsed.errors.map((error) => error.code);
        expect(codes).not.toContain('unknownKey');
        expect(codes).not.toContain('unknownValue');
        expect(codes).not.toContain('unterminatedQuote');
      }),
      { numRuns: 500 },
    );
  });
});

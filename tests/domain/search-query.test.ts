import { TRANSACTION_STATUSES } from '@domain/enums';
import {
  ACTIVITY_QUERY_KEYS,
  CHARGEBACK_QUERY_KEYS,
  closest,
  editDistance,
  INVOICE_QUERY_KEYS,
  keyHelp,
  MAX_QUERY_LENGTH,
  MERCHANT_QUERY_KEYS,
  MID_QUERY_KEYS,
  PLAN_QUERY_KEYS,
  parseQuery,
  printQuery,
  QUERY_KEY_REGISTRIES,
  type QueryContext,
  RISK_ALERT_QUERY_KEYS,
  ROUTE_QUERY_KEYS,
  registryFor,
  SUBSCRIPTION_QUERY_KEYS,
  TRANSACTION_QUERY_KEYS,
  tokenize,
  USER_QUERY_KEYS,
} from '@domain/search-query';
import { describe, expect, it } from 'vitest';

// Friday 20 November 2026, noon local time: the day 'today', '>7d' and the presets are read against.
const context: QueryContext = { now: new Date(2026, 10, 20, 12) };
const parse = (input: string, registry = TRANSACTION_QUERY_KEYS, ctx = context) => parseQuery(input, registry, ctx);
const codes = (input: string, registry = TRANSACTION_QUERY_KEYS) => parse(input, registry).errors.map((e) => e.code);

describe('the tokenizer', () => {
  it('places terms, quoted values and free text on their offsets', () => {
    const { tokens, errors } = tokenize('-status:a,"b c" hello "two words"');
    expect(errors).toEqual([]);
    expect(tokens).toEqual([
      {
        type: 'term',
        negated: true,
        key: 'status',
        keyStart: 1,
        keyEnd: 7,
        start: 0,
        end: 15,
        items: [
          { text: 'a', quoted: false, start: 8, end: 9 },
          { text: 'b c', quoted: true, start: 10, end: 15 },
        ],
      },
      { type: 'text', text: 'hello', quoted: false, start: 16, end: 21 },
      { type: 'text', text: 'two words', quoted: true, start: 22, end: 33 },
    ]);
  });

  it('reads escaped quotes and backslashes inside quotes', () => {
    const { tokens } = tokenize('url:"a \\"b\\" \\\\c"');
    expect(tokens[0]).toMatchObject({ items: [{ text: 'a "b" \\c', quoted: true }] });
  });

  it('takes a word with a dash but no colon as free text, not a negation', () => {
    expect(parse('-foo bar').search).toBe('-foo bar');
  });
});

describe('key:value terms', () => {
  it('compile an enum to the filter id the address holds, matching keys case-insensitively and by alias', () => {
    expect(parse('status:success').filters).toEqual({ status: ['SUCCESS'] });
    expect(parse('STATUS:Success').filters).toEqual({ status: ['SUCCESS'] });
    expect(parse('is:success').filters).toEqual({ status: ['SUCCESS'] });
    expect(parse('transactionType:refund').filters).toEqual({ transactionType: ['REFUND'] });
  });

  it('match a value by its code, its label or the label as a slug', () => {
    for (const typed of ['in_process', 'IN_PROCESS', 'in-process', '"In process"', 'inprocess'])
      expect(parse(`status:${typed}`).filters).toEqual({ status: ['IN_PROCESS'] });
    expect(parse('country:fr').filters).toEqual({ issuerCountry: ['FR'] });
    expect(parse('country:france').filters).toEqual({ issuerCountry: ['FR'] });
  });

  it('take lists, in the options order whatever the typed order, and add up repeated list keys', () => {
    expect(parse('status:success,failed').filters).toEqual({ status: ['FAILED', 'SUCCESS'] });
    expect(parse('status:success status:failed').filters).toEqual({ status: ['FAILED', 'SUCCESS'] });
    expect(parse('gateway:Adyen,"Blue Pay"').filters).toEqual({ paymentGateway: ['Adyen', 'Blue Pay'] });
  });

  it('leave the rest as the list search', () => {
    expect(parse('status:success blue   harbor "x:y"')).toEqual({
      filters: { status: ['SUCCESS'] },
      search: 'blue harbor x:y',
      errors: [],
    });
  });
});

describe('negation', () => {
  it('compiles an enum to its complement, exact because every row holds one of the values', () => {
    const excluded = parse('-status:success,failed').filters.status;
    expect(excluded).toEqual(TRANSACTION_STATUSES.filter((status) => status !== 'SUCCESS' && status !== 'FAILED'));
  });

  it('is refused on keys the server cannot exclude, with a typed error', () => {
    for (const input of ['-risk:5', '-created:today', '-merchant:3f1c2a4e-1111-4222-8333-944445555666', '-url:x'])
      expect(codes(input)).toEqual(['notNegatable']);
  });

  it('is refused on enums whose complement would drop rows: an unknown country, a status the filter leaves out', () => {
    expect(parse('-country:fr').errors).toEqual([
      expect.objectContaining({
        code: 'notNegatable',
        start: 0,
        end: 8,
        message: expect.stringContaining('Issuer country'),
      }),
    ]);
    expect(codes('-status:active', SUBSCRIPTION_QUERY_KEYS)).toEqual(['notNegatable']);
    expect(codes('-brand:visa', RISK_ALERT_QUERY_KEYS)).toEqual(['notNegatable']);
    expect(parse('-status:pending', RISK_ALERT_QUERY_KEYS).errors).toEqual([]);
  });

  it('is refused when it would exclude every value', () => {
    expect(codes(`-status:${TRANSACTION_STATUSES.join(',')}`)).toEqual(['badRange']);
  });
});

describe('number ranges', () => {
  it.each([
    ['risk:>50', ['51', '100']],
    ['risk:>=50', ['50', '100']],
    ['risk:<5', ['0', '4']],
    ['risk:<=5', ['0', '5']],
    ['risk:10..50', ['10', '50']],
    ['risk:42', ['42', '42']],
    ['riskScore:0..100', ['0', '100']],
  ])('%s is the pair %j', (input, pair) => {
    expect(parse(input).filters).toEqual({ riskScore: pair });
  });

  it.each([
    ['risk:50..10', 'starts above its end'],
    ['risk:>100', 'Nothing is > 100'],
    ['risk:<0', 'Nothing is < 0'],
    ['risk:101', 'from 0 to 100'],
    ['risk:1.5', "'1.5' is not one"],
    ['risk:a..b', 'from..to'],
    ['risk:1,2', 'one value, not a list'],
  ])('%s is a bad range that says why (%s)', (input, why) => {
    const [error] = parse(input).errors;
    expect(error?.code).toBe('badRange');
    expect(error?.message).toContain(why);
  });
});

describe('dates', () => {
  const created = (input: string) => parse(`created:${input}`).filters.creationDate;

  it('keep relative spans the presets have as presets, so a shared link stays relative', () => {
    expect(created('>7d')).toEqual(['last-7-days']);
    expect(created('>1w')).toEqual(['last-7-days']);
    expect(created('>30d')).toEqual(['last-30-days']);
    expect(created('yesterday')).toEqual(['yesterday']);
    expect(created('last-month')).toEqual(['last-month']);
  });

  it('turn today, other spans and open starts into days', () => {
    expect(created('today')).toEqual(['2026-11-20']);
    expect(created('2026-11-01')).toEqual(['2026-11-01']);
    expect(created('2026-11-01..2026-11-15')).toEqual(['2026-11-01..2026-11-15']);
    expect(created('>3d')).toEqual(['2026-11-18..2026-11-20']);
    expect(created('>2w')).toEqual(['2026-11-07..2026-11-20']);
    expect(created('>1m')).toEqual(['2026-10-21..2026-11-20']);
    expect(created('>=2026-11-01')).toEqual(['2026-11-01..2026-11-20']);
    expect(created('>2026-11-01')).toEqual(['2026-11-02..2026-11-20']);
  });

  it('compile to the filter id of each list', () => {
    expect(parse('period:2026-11-01..2026-11-30', INVOICE_QUERY_KEYS).filters).toEqual({
      timePeriod: ['2026-11-01..2026-11-30'],
    });
    expect(parse('expires:today', CHARGEBACK_QUERY_KEYS).filters).toEqual({ expirationDate: ['2026-11-20'] });
  });

  it.each([
    ['<7d', 'needs a start'],
    ['2026-11-15..2026-11-01', 'ends before it starts'],
    ['2026-02-30..2026-03-01', 'two days'],
    ['>0d', 'at least one day'],
    ['>2026-12-01', 'starts after today'],
  ])('created:%s is a bad range that says why (%s)', (input, why) => {
    const [error] = parse(`created:${input}`).errors;
    expect(error?.code).toBe('badRange');
    expect(error?.message).toContain(why);
  });

  it('offer the forms they take for a value they cannot read', () => {
    const [error] = parse('created:yesterdy').errors;
    expect(error).toMatchObject({ code: 'unknownValue', start: 8, end: 16 });
    expect(error?.suggestions?.[0]).toBe('yesterday');
  });
});

describe('ids', () => {
  const merchants = [
    { value: '3f1c2a4e-1111-4222-8333-944445555666', label: 'Blue Harbor' },
    { value: '3f1c2a4e-1111-4222-8333-944445555777', label: 'Red Sea' },
  ];
  const withMerchants: QueryContext = { ...context, options: { merchant: merchants } };

  it('match names of the options the console loaded, and print them back by name', () => {
    const parsed = parse('merchant:"blue harbor",red-sea', TRANSACTION_QUERY_KEYS, withMerchants);
    expect(parsed.filters).toEqual({ merchantId: merchants.map((m) => m.value) });
    expect(printQuery(parsed, TRANSACTION_QUERY_KEYS, withMerchants).query).toBe('merchant:"Blue Harbor","Red Sea"');
  });

  it('keep letters of any script in names', () => {
    const cafes: QueryContext = {
      ...context,
      options: { merchant: [{ value: '3f1c2a4e-1111-4222-8333-944445555999', label: 'Café Über' }] },
    };
    expect(parse('merchant:café-über', TRANSACTION_QUERY_KEYS, cafes).filters.merchantId).toHaveLength(1);
    expect(parse('merchant:cafe-uber', TRANSACTION_QUERY_KEYS, cafes).errors[0]).toMatchObject({
      code: 'unknownValue',
      suggestions: ['café-über'],
    });
  });

  it('take a pasted id before the options arrive, and print it as the id', () => {
    const parsed = parse(`mid:${merchants[0]?.value}`);
    expect(parsed.filters).toEqual({ midId: [merchants[0]?.value] });
    expect(printQuery(parsed, TRANSACTION_QUERY_KEYS, context).query).toBe(`mid:${merchants[0]?.value}`);
  });

  it('take every record a shared name names, and print those by id so they read back exactly', () => {
    const twins: QueryContext = {
      ...context,
      options: { merchant: [...merchants, { value: '3f1c2a4e-1111-4222-8333-944445555888', label: 'blue-harbor' }] },
    };
    const parsed = parse('merchant:"Blue Harbor"', TRANSACTION_QUERY_KEYS, twins);
    expect(parsed.filters.merchantId).toEqual([merchants[0]?.value, '3f1c2a4e-1111-4222-8333-944445555888']);
    expect(printQuery(parsed, TRANSACTION_QUERY_KEYS, twins).query).toBe(
      `merchant:${merchants[0]?.value},3f1c2a4e-1111-4222-8333-944445555888`,
    );
  });

  it("know the agent filter's fixed options", () => {
    expect(parse('agent:unassigned,others', CHARGEBACK_QUERY_KEYS).filters).toEqual({
      agentId: ['UNASSIGNED', 'OTHERS'],
    });
  });

  it('answer an unknown name with the closest names', () => {
    const [error] = parse('merchant:blue-harbour', TRANSACTION_QUERY_KEYS, withMerchants).errors;
    expect(error).toMatchObject({ code: 'unknownValue', suggestions: ['blue-harbor', 'red-sea'] });
  });
});

describe('flags', () => {
  it('turn a checkbox filter on', () => {
    expect(parse('hideexpired:yes', CHARGEBACK_QUERY_KEYS).filters).toEqual({ hideExpired: ['true'] });
    expect(parse('hideexpired:maybe', CHARGEBACK_QUERY_KEYS).errors[0]?.code).toBe('unknownValue');
  });
});

describe('typed errors', () => {
  it('an unknown key lists the keys of the list, the closest first, on the key itself', () => {
    const [error] = parse('x stauts:success').errors;
    expect(error).toMatchObject({ code: 'unknownKey', start: 2, end: 8 });
    expect(error?.suggestions?.[0]).toBe('status');
    expect(error?.message).toContain('country, status, type, category');
    expect(error?.suggestions).toHaveLength(TRANSACTION_QUERY_KEYS.keys.length);
  });

  it('an unknown value lists the closest values by edit distance, on the value', () => {
    const [error] = parse('status:sucess').errors;
    expect(error).toMatchObject({ code: 'unknownValue', start: 7, end: 13 });
    expect(error?.suggestions?.[0]).toBe('success');
    expect(error?.message).toContain('Did you mean success');
  });

  it('an unterminated quote points at the quote to the end', () => {
    expect(parse('status:success "blue').errors).toEqual([
      expect.objectContaining({ code: 'unterminatedQuote', start: 15, end: 20 }),
    ]);
    expect(codes('url:"abc')).toEqual(['unterminatedQuote']);
  });

  it('a key that holds one value, given twice', () => {
    expect(parse('risk:5 created:today risk:6').errors).toEqual([
      expect.objectContaining({ code: 'repeatedKey', start: 21, end: 27 }),
    ]);
    expect(codes('status:success -status:failed')).toEqual(['repeatedKey']);
    expect(parse('-status:success -status:failed').errors[0]?.message).toBe(
      'Status is excluded twice: exclude the values in one term (-status:a,b).',
    );
  });

  it('an empty value', () => {
    expect(codes('status:')).toEqual(['emptyValue']);
    expect(codes('url:""')).toEqual(['emptyValue']);
  });

  it('a key the screen does not show is unknown there (the merchant-level list has no merchant filter)', () => {
    const merchantLevel = registryFor(TRANSACTION_QUERY_KEYS, ['status', 'creationDate']);
    expect(parse('merchant:x', merchantLevel).errors[0]?.message).toBe(
      "The transactions list has no key 'merchant'. Its keys: status, created.",
    );
  });

  it('input over the bound is one error and nothing else', () => {
    const result = parse(`status:success ${'x'.repeat(MAX_QUERY_LENGTH)}`);
    expect(result).toEqual({
      filters: {},
      search: '',
      errors: [expect.objectContaining({ code: 'tooLong', start: MAX_QUERY_LENGTH })],
    });
  });

  it('NUL and other control characters are refused where they are; tabs and line breaks separate words', () => {
    expect(parse('status:success\u0000').errors).toEqual([
      expect.objectContaining({ code: 'controlCharacter', start: 14, end: 15 }),
    ]);
    expect(codes('a\u001bb')).toEqual(['controlCharacter']);
    expect(parse('status:success\tblue\nharbor').search).toBe('blue harbor');
  });

  it('past five unknown values, later ones still answer their error, without the costly suggestions', () => {
    const errors = parse(Array.from({ length: 8 }, () => 'country:zz').join(' ')).errors;
    expect(errors).toHaveLength(8);
    expect(errors.every((error) => error.code === 'unknownValue')).toBe(true);
    expect(errors.slice(0, 5).every((error) => error.suggestions?.length === 3)).toBe(true);
    expect(errors.slice(5).every((error) => error.suggestions === undefined)).toBe(true);
  });

  it('errors come in the order of the input', () => {
    const errors = parse('risk:5..1 foo:bar status:nope').errors;
    expect(errors.map((error) => error.code)).toEqual(['badRange', 'unknownKey', 'unknownValue']);
  });
});

describe('printing the address back', () => {
  const print = (filters: Record<string, string[]>, search = '', registry = TRANSACTION_QUERY_KEYS) =>
    printQuery({ filters, search }, registry, context);

  it('writes keys in the filter bar order, values as slugs, search last', () => {
    expect(
      print(
        { riskScore: ['10', '90'], status: ['SUCCESS'], issuerCountry: ['FR'], creationDate: ['last-7-days'] },
        'x',
      ),
    ).toEqual({ query: 'country:fr status:success created:last-7-days risk:10..90 x', unprintable: [] });
  });

  it('writes the shorter of a list and its negation', () => {
    const most = TRANSACTION_STATUSES.filter((status) => status !== 'PENDING');
    expect(print({ status: most }).query).toBe('-status:pending');
    expect(print({ status: [...TRANSACTION_STATUSES] }).query).toContain('status:failed,in-process,success');
  });

  it('never writes a negation for a key that refuses one', () => {
    const countries = ['FR', 'DE', 'ES'];
    const all = SUBSCRIPTION_QUERY_KEYS.keys.find((spec) => spec.param === 'status');
    const statuses = all?.kind === 'enum' ? all.options.map((option) => option.value).slice(1) : [];
    expect(print({ status: statuses, country: countries }, '', SUBSCRIPTION_QUERY_KEYS).query).toBe(
      'status:paused,cancelled,archived country:es,fr,de',
    );
  });

  it('quotes what would not read back as it is', () => {
    expect(print({ url: ['https://a.example/x y'] }, 'status:paid "now"').query).toBe(
      'url:"https://a.example/x y" "status:paid \\"now\\""',
    );
  });

  it('reports, never drops, what no key can say', () => {
    expect(print({ status: ['NOPE'], riskScore: ['7'], solution: ['A'], creationDate: ['soon'] })).toEqual({
      query: '',
      unprintable: ['status', 'creationDate', 'riskScore', 'solution'],
    });
  });

  it('prints chargeback and invoice filters', () => {
    expect(
      print(
        { operation: ['RETRIEVAL'], hideExpired: ['true'], notificationDate: ['this-week'] },
        '',
        CHARGEBACK_QUERY_KEYS,
      ).query,
    ).toBe('type:retrieval notified:this-week hideExpired:true');
    expect(print({ status: ['PAID', 'OVERDUE'] }, '', INVOICE_QUERY_KEYS).query).toBe('status:paid,overdue');
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(closest('mastr', ['visa', 'mastercard', 'amex'])[0]).toBe('mastercard');
  });
});

describe('the registries', () => {
  it.each(QUERY_KEY_REGISTRIES)(
    '$list: names, aliases and filter ids are unique, and every enum value reads back from the form printed for it',
    (registry) => {
      const names = registry.keys.flatMap((spec) => [spec.name, ...(spec.aliases ?? [])].map((n) => n.toLowerCase()));
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(registry.keys.map((spec) => spec.param)).size).toBe(registry.keys.length);
      // A single select's complement must itself be one value.
      for (const spec of registry.keys)
        if (spec.kind === 'enum' && spec.single && spec.negatable) expect(spec.options).toHaveLength(2);
      for (const spec of registry.keys) {
        if (spec.kind !== 'enum') continue;
        for (const option of spec.options) {
          const printed = printQuery({ filters: { [spec.param]: [option.value] }, search: '' }, registry, context);
          expect(parseQuery(printed.query, registry, context).filters).toEqual({ [spec.param]: [option.value] });
        }
      }
    },
  );
});

describe('the keys of the configuration and administration lists', () => {
  it('compile the MIDs filters, matching currencies and countries by code and brands and 3DS by label', () => {
    expect(parse('force3ds:required brand:visa,mastercard currency:eur country:fr adyen', MID_QUERY_KEYS)).toEqual({
      filters: { force3ds: ['REQUIRED_3DS'], cardBrand: ['VISA', 'MC'], currency: ['EUR'], issuerCountry: ['FR'] },
      search: 'adyen',
      errors: [],
    });
    expect(parse('tag:vip,"black friday" url:shop.example', MID_QUERY_KEYS).filters).toEqual({
      customTag: ['vip', 'black friday'],
      url: ['shop.example'],
    });
    expect(parse('-force3ds:null', MID_QUERY_KEYS).filters.force3ds).toEqual([
      'REQUIRED_3DS',
      'NO_3DS',
      'INDIFFERENT',
      'PREFERRED_3DS',
    ]);
    // A MID takes a list of brands: leaving Visa out would keep a MID that takes Visa and Mastercard.
    expect(codes('-brand:visa', MID_QUERY_KEYS)).toEqual(['notNegatable']);
    expect(codes('-currency:eur', MID_QUERY_KEYS)).toEqual(['notNegatable']);
  });

  it('compile the routes filters: weight bands by their label, priorities, and one fallback choice', () => {
    expect(parse('weight:90-100,0-10 priority:10 fallback:true', ROUTE_QUERY_KEYS).filters).toEqual({
      weight: ['0', '90'],
      priority: ['10'],
      fallbackRoute: ['true'],
    });
    expect(parse('-fallback:true', ROUTE_QUERY_KEYS).filters).toEqual({ fallbackRoute: ['false'] });
    expect(parse('-priority:1', ROUTE_QUERY_KEYS).filters.priority).toHaveLength(9);
    expect(
      printQuery({ filters: { weight: ['50'], fallbackRoute: ['false'] }, search: '' }, ROUTE_QUERY_KEYS, context),
    ).toEqual({ query: 'weight:50-60 fallback:false', unprintable: [] });
    // The filter is a single select: both at once is refused, not sent to a call that takes one.
    expect(codes('fallback:true,false', ROUTE_QUERY_KEYS)).toEqual(['badRange']);
    expect(codes('fallback:true fallback:false', ROUTE_QUERY_KEYS)).toEqual(['repeatedKey']);
  });

  it('compile the users and user activity filters', () => {
    expect(parse('type:internal status:invited,active', USER_QUERY_KEYS).filters).toEqual({
      userType: ['INTERNAL'],
      status: ['INVITED', 'ACTIVE'],
    });
    expect(parse('-type:internal', USER_QUERY_KEYS).filters).toEqual({ userType: ['ACCOUNT'] });
    // The list hides deleted users unless asked: a complement would bring them in.
    expect(codes('-status:invited', USER_QUERY_KEYS)).toEqual(['notNegatable']);
    expect(parse('action:update resource:"custom tag",mid date:2026-11-01 alice', ACTIVITY_QUERY_KEYS)).toEqual({
      filters: { actionType: ['UPDATE'], resourceType: ['TAG', 'MID'], date: ['2026-11-01'] },
      search: 'alice',
      errors: [],
    });
    expect(parse('-action:delete', ACTIVITY_QUERY_KEYS).filters).toEqual({ actionType: ['INSERT', 'UPDATE'] });
    expect(parse('changed:>30d', PLAN_QUERY_KEYS).filters).toEqual({ modifiedDate: ['last-30-days'] });
  });

  it('answer a key on a list without filters with a typed error, and search plain or quoted text', () => {
    const parsed = parse('status:active', MERCHANT_QUERY_KEYS);
    expect(parsed.filters).toEqual({});
    expect(parsed.errors).toEqual([
      expect.objectContaining({ code: 'unknownKey', message: expect.stringContaining('merchants list has no keys') }),
    ]);
    expect(parse('blue "a:b"', MERCHANT_QUERY_KEYS)).toEqual({ filters: {}, search: 'blue a:b', errors: [] });
  });
});

describe("the shortcuts sheet's help for each key", () => {
  it.each(QUERY_KEY_REGISTRIES)('$list: every example reads back without an error', (registry) => {
    // Id keys show a name as their example; the screen's filter would have loaded it.
    const options = Object.fromEntries(
      registry.keys.map((spec) => [
        spec.name,
        [{ value: '3f1c2a4e-1111-4222-8333-944445555600', label: `${spec.label} name` }],
      ]),
    );
    for (const spec of registry.keys) {
      const help = keyHelp(spec);
      expect(help.examples.length).toBeGreaterThan(0);
      for (const example of help.examples) {
        const parsed = parseQuery(example, registry, { ...context, options });
        expect(parsed.errors, example).toEqual([]);
        expect(Object.keys(parsed.filters), example).toEqual([spec.param]);
      }
    }
  });

  it('names a few values and how many there are, and shows a negation only where the key takes one', () => {
    const status = keyHelp(TRANSACTION_QUERY_KEYS.keys.find((spec) => spec.name === 'status')!);
    expect(status.values).toMatch(/^failed, in-process, success, .+ \(\d+ in all\)$/);
    expect(status.examples).toEqual(['status:failed,in-process', expect.stringMatching(/^-status:/)]);
    const country = keyHelp(TRANSACTION_QUERY_KEYS.keys.find((spec) => spec.name === 'country')!);
    expect(country.examples).toEqual(['country:es,fr']);
    expect(keyHelp(CHARGEBACK_QUERY_KEYS.keys.find((spec) => spec.name === 'agent')!).examples).toContain(
      'agent:others',
    );
  });
});

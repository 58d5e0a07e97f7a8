import {
  badConfigOf,
  criteriaRefusingRoute,
  errorsAfterOrderChange,
  FALLBACK_MESSAGES,
  fallbackProblem,
  midAcceptsRoute,
  orderErrors,
  routesBrokenByMidEdit,
} from '@domain/routes';
import { createRouter } from '@domain/routing';
import { describe, expect, it } from 'vitest';

// Route rules with one home in src/domain/routes.ts: whether a MID takes every order a route lets through (spec 2,
// sections 4 and 8: the bad-config messages), the fallback MID rule, and the simulated order's checks.

describe('a MID and the variables of a route', () => {
  it('accepts a route when the MID restricts nothing, or the route restricts within what the MID takes', () => {
    expect(midAcceptsRoute({}, { currency: ['EUR'] })).toBe(true);
    expect(midAcceptsRoute({ currency: ['EUR', 'USD'] }, { currency: ['EUR'] })).toBe(true);
    expect(midAcceptsRoute({ url: ['shop.example/eu'] }, { url: ['https://shop.example/eu/checkout'] })).toBe(true);
    expect(midAcceptsRoute({ customTag: ['VIP', 'NONE'] }, { customTag: ['NONE'] })).toBe(true);
  });

  it('refuses a route that lets through values the MID does not take, or any value where the MID restricts', () => {
    expect(midAcceptsRoute({ currency: ['EUR'] }, {})).toBe(false);
    expect(midAcceptsRoute({ currency: ['EUR'] }, { currency: ['EUR', 'GBP'] })).toBe(false);
    expect(midAcceptsRoute({ url: ['shop.example/eu'] }, { url: ['shop.example/us'] })).toBe(false);
    expect(midAcceptsRoute({ customTag: ['VIP'] }, { customTag: ['NONE'] })).toBe(false);
    expect(midAcceptsRoute({ binCode: ['411111'] }, { binCode: ['411111', '522222'] })).toBe(false);
  });

  it('names the MID, the fallback or both', () => {
    const route = { currency: ['GBP'] };
    expect(badConfigOf(route, { currency: ['GBP'] }, { currency: ['GBP'] })).toBeNull();
    expect(badConfigOf(route, { currency: ['EUR'] }, null)).toBe('mid-bad-config');
    expect(badConfigOf(route, {}, { currency: ['EUR'] })).toBe('fallback-bad-config');
    expect(badConfigOf(route, { currency: ['EUR'] }, { issuerCountry: ['ES'] })).toBe('mids-bad-config');
  });
});

describe('a MID edit and the routes that use it (issue 23)', () => {
  const eu = { id: 'eu', currency: ['EUR'], url: ['shop.example/eu/checkout'] };
  const any: { id: string; currency?: string[] } = { id: 'any' };

  it('names the variables that refuse a route', () => {
    expect(criteriaRefusingRoute({ currency: ['GBP'], url: ['shop.example/eu'] }, eu)).toEqual(['currency']);
    expect(criteriaRefusingRoute({ currency: ['EUR'], cardBrand: ['VISA'] }, eu)).toEqual(['cardBrand']);
    expect(criteriaRefusingRoute({}, any)).toEqual([]);
  });

  it('finds the routes a restriction would leave with orders the MID refuses, with the variables to blame', () => {
    const gbp = { id: 'gbp', currency: ['GBP'] };
    const before = { currency: ['EUR', 'GBP'] };
    expect(routesBrokenByMidEdit(before, { currency: ['EUR', 'USD'] }, [eu, gbp])).toEqual([
      { route: gbp, criteria: ['currency'] },
    ]);
    expect(routesBrokenByMidEdit(before, { currency: ['GBP'], url: ['shop.example/us'] }, [eu])).toEqual([
      { route: eu, criteria: ['currency', 'url'] },
    ]);
    // Widening, or restricting within what every route sends, breaks nothing.
    expect(routesBrokenByMidEdit(before, {}, [eu, gbp])).toEqual([]);
    expect(routesBrokenByMidEdit({}, { currency: ['EUR'] }, [any])).toEqual([{ route: any, criteria: ['currency'] }]);
    expect(routesBrokenByMidEdit({}, { url: ['shop.example/eu'] }, [eu])).toEqual([]);
  });

  it('leaves out what the MID already refused before the edit', () => {
    const broken = { id: 'broken', currency: ['USD'] };
    expect(routesBrokenByMidEdit({ currency: ['EUR'] }, { currency: ['EUR'] }, [broken])).toEqual([]);
    expect(routesBrokenByMidEdit({ currency: ['EUR'] }, { currency: ['EUR'], binCode: ['411111'] }, [broken])).toEqual([
      { route: broken, criteria: ['binCode'] },
    ]);
  });
});

describe('the fallback MID rule (spec 2, section 2.4; routing rule 6)', () => {
  const sync = (id: string) => ({ id, synchronous: true });
  const async = (id: string) => ({ id, synchronous: false });

  it('lets another synchronous MID back up a synchronous MID', () => {
    expect(fallbackProblem(sync('a'), sync('b'))).toBeNull();
  });

  it('refuses the route’s own MID, and any pair where one MID answers asynchronously, with the spec’s texts', () => {
    expect(fallbackProblem(sync('a'), sync('a'))).toBe('same-mid');
    expect(fallbackProblem(async('a'), sync('b'))).toBe('not-synchronous');
    expect(fallbackProblem(sync('a'), async('b'))).toBe('not-synchronous');
    expect(FALLBACK_MESSAGES['same-mid']).toBe('The fallback MID must be another MID');
    expect(FALLBACK_MESSAGES['not-synchronous']).toBe('A fallback MID works only with synchronous MIDs');
  });

  it('is the rule the engine applies when it retries a decline', () => {
    const mids = [
      { id: 'a', enable: true, synchronous: true },
      { id: 'b', enable: true, synchronous: false },
    ];
    const route = { id: 'r', description: 'R', priority: 1, weight: 100, midId: 'a', fallbackMidId: 'b' };
    const routed = createRouter([route], mids).routePayment({}, { random: 0, declines: () => true });
    expect(routed).toMatchObject({ outcome: 'declined', fallbackSkipped: 'not-synchronous' });
    const same = createRouter([{ ...route, fallbackMidId: 'a' }], mids).routePayment(
      {},
      { random: 0, declines: () => true },
    );
    expect(same).toMatchObject({ fallbackSkipped: 'same-mid' });
  });
});

describe('the simulated order (spec 2, sections 4 and 5)', () => {
  it('names each field that fails, with its first message, keyed as the simulator shows it', () => {
    expect(orderErrors({ currency: 'EUR', binCode: '' })).toEqual({});
    expect(orderErrors({ binCode: '41111' })).toEqual({ 'order.binCode': 'It must be a 6 digits code' });
    expect(Object.keys(orderErrors({ binCode: '4111111', currency: 'EURO' })).sort()).toEqual([
      'order.binCode',
      'order.currency',
    ]);
  });

  it('clears the message of the field the user changed, and only that one', () => {
    const errors = {
      'order.binCode': 'It must be a 6 digits code',
      'order.currency': 'Too long',
      'rows.0.weight': 'Enter a number as the weight',
    };
    const before = { binCode: '4111111', currency: 'EURO' };
    expect(errorsAfterOrderChange(errors, before, { ...before, binCode: '411111' })).toEqual({
      'order.currency': 'Too long',
      'rows.0.weight': 'Enter a number as the weight',
    });
    // A field emptied (removed from the order) changed too.
    expect(errorsAfterOrderChange(errors, before, { binCode: '4111111' })).toEqual({
      'order.binCode': 'It must be a 6 digits code',
      'rows.0.weight': 'Enter a number as the weight',
    });
    // Nothing of a field with a message changed: the very same messages, so nothing re-renders.
    expect(errorsAfterOrderChange(errors, before, { ...before, url: 'shop.example' })).toBe(errors);
  });
});

import { badConfigOf, criteriaRefusingRoute, midAcceptsRoute, routesBrokenByMidEdit } from '@domain/routes';
import { describe, expect, it } from 'vitest';

// Whether a MID takes every order a route lets through (spec 2, sections 4 and 8: the bad-config messages).

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
